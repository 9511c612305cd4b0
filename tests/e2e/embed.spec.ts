/**
 * The RSVP form on the host's own site (docs/product.md#embedding): the host lists the site in the share
 * dialog and copies the snippet; on that site the frame shows the form, a guest answers with the keyboard,
 * the frame grows to the thank-you, no cookie of ours is needed inside it; a site not listed gets nothing.
 * The host's sites are pages this test serves from loopback servers of their own. Desktop and 375 px.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wcagViolations } from '../support/axe.ts';
import { createEvent, createOwner, expect, mailTo, ownerApi, screenshot, test, uniqueEmail } from './fixtures.ts';

const sitePage = (snippet: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Our club</title></head><body style="font-family:sans-serif;margin:16px"><h1>Summer party</h1><p>Tell us if you come:</p>${snippet}<p>See you!</p></body></html>`;

/** Another website (a loopback server of its own, so an origin of its own) showing `page()`. */
async function website(page: () => string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

test(
  'a host embeds the form on their site; a guest answers inside it; another site gets nothing',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    let snippet = '';
    const site = await website(() => sitePage(snippet));
    const other = await website(() => sitePage(snippet));
    const HOST_SITE = site.origin;
    const owner = await ownerApi(playwright, server);
    const title = `Embedded ${testInfo.project.name}`;
    const event = await createEvent(owner, { title });

    // The host lists their site and copies the snippet from the share dialog.
    await createOwner(page, server);
    await page.goto('/auth/admin');
    await page.getByRole('button', { name: `Share ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your event' });
    const embed = dialog.getByRole('region', { name: 'Embed on your website' });
    await embed.getByLabel('Add a site').fill('https://example.com/page');
    await embed.getByRole('button', { name: 'Add' }).click();
    await expect(embed.getByRole('alert')).toContainText('Give the site as https://example.com');
    await embed.getByLabel('Add a site').fill(HOST_SITE);
    await embed.getByLabel('Add a site').press('Enter');
    await expect(embed.getByRole('list', { name: 'Sites that may embed the form' })).toContainText(HOST_SITE);
    snippet = await embed.getByLabel('Paste this where the form should appear').inputValue();
    expect(snippet).toContain(`data-turnout-event="${event.id}"`);
    await screenshot(page, testInfo, 'embed-share');

    // The guest, on the host's site, in a browser that never visited ours.
    const guest = await page
      .context()
      .browser()!
      .newContext({ ...testInfo.project.use, baseURL: undefined });
    const visitor = await guest.newPage();
    await visitor.goto(`${HOST_SITE}/party`);
    const frameEl = visitor.locator('iframe[title="RSVP form"]');
    const frame = visitor.frameLocator('iframe[title="RSVP form"]');
    await expect(frame.getByRole('heading', { name: title })).toBeVisible();
    const before = (await frameEl.boundingBox())!.height;
    await screenshot(visitor, testInfo, 'embed-form');

    const email = uniqueEmail(testInfo, 'embedded');
    // The keyboard alone: the answer buttons are radios, the form submits on Enter.
    await frame.getByRole('radio', { name: "Yes, I'll attend" }).focus();
    await visitor.keyboard.press('Space');
    await expect(frame.getByRole('radio', { name: "Yes, I'll attend" })).toBeChecked();
    await frame.getByLabel('Name').fill('Emma Bedded');
    await frame.getByLabel('Email').fill(email);
    await frame.getByRole('button', { name: 'Submit RSVP' }).press('Enter');
    await expect(frame.getByRole('heading', { name: 'Thank you, Emma!' })).toBeVisible();
    // The frame follows its content: the thank-you is shorter than the form.
    await expect.poll(async () => (await frameEl.boundingBox())!.height).not.toBe(before);
    // …and fits it: no scrolling inside the frame.
    await expect
      .poll(async () =>
        Math.abs((await frameEl.boundingBox())!.height - (await frame.locator('#root').evaluate((r) => r.getBoundingClientRect().height))),
      )
      .toBeLessThan(2);
    expect(await wcagViolations(visitor)).toEqual([]);
    await screenshot(visitor, testInfo, 'embed-thanks');
    // No cookie of ours was needed, and none was set for the guest.
    expect((await guest.cookies(server.baseURL)).filter((c) => c.name.includes('session'))).toEqual([]);
    await mailTo(owner, email, new RegExp(`Your ticket for ${title}`));

    // A site the host did not list: the browser refuses to show the frame, and says why.
    const refused = visitor.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    await visitor.goto(`${other.origin}/copy`);
    expect((await refused).text()).toContain(`frame-ancestors ${HOST_SITE}`);
    await expect(visitor.frameLocator('iframe[title="RSVP form"]').getByRole('heading', { name: title })).toHaveCount(0);
    await guest.close();
    await owner.dispose();
  },
);

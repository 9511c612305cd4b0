/**
 * Webhooks on the account page (docs/product.md#webhooks): a host adds an endpoint with the keyboard, copies its
 * signing secret (shown once); a guest's answer reaches a receiver on this machine, signed (checked with the
 * `svix` package's verifier); the delivery log shows it and resends it; the host pauses, then deletes the
 * endpoint. Desktop and 375 px (@mobile). Private addresses are allowed here (a local receiver): their refusal in
 * production is tests/integration/webhooks.test.ts's.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'svix';
import { wcagViolations } from '../support/axe.ts';
import { createEvent, createOwner, expect, ownerApi, screenshot, test } from './fixtures.ts';

test.use({ serverEnv: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });

test(
  'a host adds an endpoint, receives a signed answer, reads the log, resends, pauses and deletes',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const got: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.writeHead(200).end('received');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/turnout`;
    try {
      const owner = await ownerApi(playwright, server);
      const event = await createEvent(owner, { title: `Garden party ${testInfo.project.name}` });
      await createOwner(page, server);
      await page.goto('/auth/account');
      const section = page.getByRole('region', { name: 'Webhooks' });
      await expect(section.getByText('You have no webhook endpoints.')).toBeVisible();

      await section.getByRole('button', { name: 'Add endpoint' }).click();
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(section.getByText('Give the full address of your endpoint')).toBeVisible();
      await section.getByLabel('Endpoint URL').fill(url);
      await section.getByLabel('Description (optional)').fill('Guest sync');
      await section.getByLabel('Events', { exact: true }).selectOption({ label: event.title });
      await section.getByRole('checkbox', { name: /A check-in is undone/ }).focus();
      await page.keyboard.press('Space');
      await screenshot(page, testInfo, 'webhook-form');
      await section.getByRole('button', { name: 'Add endpoint' }).press('Enter');
      await expect(section.getByRole('status')).toContainText('Copy its signing secret now: it is not shown again.');
      const secret =
        (
          await section
            .locator('code')
            .filter({ hasText: /^whsec_/ })
            .textContent()
        )?.trim() ?? '';
      expect(secret).toMatch(/^whsec_/);
      expect(await wcagViolations(page)).toEqual([]);
      await screenshot(page, testInfo, 'webhook-made');
      await section.getByRole('button', { name: 'I have copied it' }).click();
      const row = section.getByRole('listitem').filter({ hasText: url });
      await expect(row).toContainText(`Event: ${event.title}`);
      await expect(row).toContainText('Active');
      await expect(row).not.toContainText(secret);

      // A guest answers: the message arrives, signed with the secret.
      const guest = await playwright.request.newContext({ baseURL: server.baseURL });
      const answer = await guest.post(`/api/public/events/${event.id}/rsvps`, {
        data: { name: 'Ada Guest', email: `ada-${testInfo.project.name}-${Date.now()}@example.com`, guest_count: 2, status: 'confirmed' },
      });
      expect(answer.status()).toBe(201);
      await guest.dispose();
      await expect.poll(() => got.length).toBe(1);
      const payload = new Webhook(secret).verify(got[0]!.body, {
        'webhook-id': String(got[0]!.headers['webhook-id']),
        'webhook-timestamp': String(got[0]!.headers['webhook-timestamp']),
        'webhook-signature': String(got[0]!.headers['webhook-signature']),
      });
      expect(payload).toMatchObject({ version: 1, type: 'rsvp.created', data: { rsvp: { name: 'Ada Guest', party_size: 2 } } });

      await row.getByRole('button', { name: `Deliveries to ${url}` }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries' });
      const item = log.getByRole('listitem').filter({ hasText: 'rsvp.created' });
      await expect(item).toContainText('Delivered');
      await expect(item).toContainText('HTTP 200');
      await expect(item).toContainText('received');
      expect(await wcagViolations(page)).toEqual([]);
      await screenshot(page, testInfo, 'webhook-deliveries');
      await item.getByRole('button', { name: /^Resend rsvp\.created/ }).click();
      await expect.poll(() => got.length).toBe(2);
      expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
      await page.keyboard.press('Escape');
      await expect(log).toBeHidden();

      await row.getByRole('button', { name: `Pause ${url}` }).click();
      await expect(row).toContainText('Paused');
      await expect(row.getByRole('button', { name: `Resume ${url}` })).toBeVisible();
      await screenshot(page, testInfo, 'webhook-list');

      await row.getByRole('button', { name: `Delete ${url}` }).click();
      await page.getByRole('alertdialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(section.getByText('You have no webhook endpoints.')).toBeVisible();
      await owner.dispose();
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  },
);

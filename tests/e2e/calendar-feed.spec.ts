/**
 * Calendar feeds (docs/product.md#calendar-feed): on the account page a host turns on the feed of their events,
 * copies the webcal:// link, a calendar app (here: a plain HTTP client with no cookie) reads their event from
 * it; a new link (asked first) kills the old one, Turn off kills it too. The share dialog gives the event's own
 * feed the same way. Desktop and 375 px (@mobile), with the keyboard where it matters.
 */
import { request as httpClient } from '@playwright/test';
import ICAL from 'ical.js';
import { wcagViolations } from '../support/axe.ts';
import { createEvent, createOwner, expect, ownerApi, screenshot, test } from './fixtures.ts';

const titlesIn = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics) as unknown[]).getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('summary'));

test(
  'a host subscribes to their events, makes a new link and turns the feed off',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Feed Party ${testInfo.project.name}`;
    await createEvent(owner, { title });
    await createOwner(page, server);
    await page.goto('/auth/account');
    const section = page.getByRole('region', { name: 'Calendar feed' });
    await section.getByRole('button', { name: 'Make a calendar link' }).click();
    const webcal = section.getByLabel('Subscribe in your calendar');
    await expect(webcal).toHaveValue(/^webcal:\/\/.+\/cal\/cal_[\w-]{43}\.ics$/);
    const https = await section.getByLabel(/For Google Calendar/).inputValue();
    expect(https.replace(/^https?:/, 'webcal:')).toBe(await webcal.inputValue());
    await expect(section.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', await webcal.inputValue());
    // The link is shown again on the next visit (the server rebuilds it; the table holds only its hash).
    const link = await webcal.inputValue();
    await page.reload();
    await expect(webcal).toHaveValue(link);
    expect(await wcagViolations(page)).toEqual([]);
    if (testInfo.project.name === 'mobile')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'calendar-feed-account');

    // A calendar app: no cookie, the link only.
    const app = await httpClient.newContext();
    const read = await app.get(https);
    expect(read.status()).toBe(200);
    expect(read.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(titlesIn(await read.text())).toContain(title);

    // A new link is asked first (keyboard), and the old one stops working.
    await section.getByRole('button', { name: 'Make a new link' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Make a new link?' });
    await expect(confirm).toContainText('The old link stops working');
    await confirm.getByRole('button', { name: 'Make a new link' }).click();
    await expect(section.getByLabel(/For Google Calendar/)).not.toHaveValue(https);
    const next = await section.getByLabel(/For Google Calendar/).inputValue();
    expect((await app.get(https)).status()).toBe(404);
    expect((await app.get(next)).status()).toBe(200);

    await section.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('alertdialog', { name: 'Turn off the calendar feed?' }).getByRole('button', { name: 'Turn off' }).click();
    await expect(section.getByRole('button', { name: 'Make a calendar link' })).toBeVisible();
    expect((await app.get(next)).status()).toBe(404);
    await app.dispose();
  },
);

test("an event's own feed from its share dialog", { tag: '@mobile' }, async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const title = `Own Feed ${testInfo.project.name}`;
  await createEvent(owner, { title });
  await createOwner(page, server);
  await page.goto('/auth/admin');
  await page.getByRole('button', { name: `Share ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Share your event' });
  const feed = dialog.getByRole('region', { name: 'Calendar feed' });
  await feed.getByRole('button', { name: 'Make a calendar link' }).click();
  const https = await feed.getByLabel(/For Google Calendar/).inputValue();
  await feed.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'calendar-feed-share');
  const app = await httpClient.newContext();
  expect(titlesIn(await (await app.get(https)).text())).toEqual([title]);
  await app.dispose();
});

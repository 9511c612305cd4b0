/**
 * The host's guest list (issue 12): open the Guest List tab, search, open a guest's QR dialog,
 * regenerate the ticket (the old one stops working, the guest is e-mailed the new one), and download
 * the event's CSV from the card's guest list dialog.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TDevMailPage } from '../../src/common/schemas/dev-mailbox.ts';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import type { TGuestList } from '../../src/common/schemas/guests.ts';
import { createEvent as createEventWith, createOwner, expect, ownerApi, screenshot, test } from './fixtures.ts';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

const createEvent = (owner: APIRequestContext, title: string): Promise<TEventAdmin> =>
  createEventWith(owner, { title, location: 'Pier 7', max_attendees: 100 });

type Guest = { name: string; email: string; phone?: string; status?: 'confirmed' | 'maybe' | 'declined'; guest_count?: number };

/** Answers through the public form's API, as guests do. */
async function rsvp(api: APIRequestContext, eventId: string, guest: Guest) {
  const res = await api.post(`/api/public/events/${eventId}/rsvps`, { data: guest });
  expect(res.status(), await res.text()).toBe(201);
}

async function mailCount(owner: APIRequestContext, to: string): Promise<number> {
  const res = await owner.get('/api/dev-mailbox?channel=email&limit=100');
  expect(res.status()).toBe(200);
  return ((await res.json()) as TDevMailPage).items.filter((m) => m.to === to).length;
}

/** A minimal CSV reader (quoted cells, doubled quotes, CRLF or LF), enough to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

test('a host searches the guest list, regenerates a QR code and downloads the CSV', async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const title = `Harbour Lights Gala ${testInfo.project.name}`;
  const event = await createEvent(owner, title);
  const guestApi = await playwright.request.newContext({ baseURL: server.baseURL });
  const zelda = {
    name: 'Zelda Fitzgerald',
    email: `zelda-${Date.now().toString(36)}@example.com`,
    phone: '+1 415 555 0199',
    guest_count: 2,
  };
  await rsvp(guestApi, event.id, zelda);
  await rsvp(guestApi, event.id, { name: 'Ada Lovelace', email: `ada-${Date.now().toString(36)}@example.com` });
  await rsvp(guestApi, event.id, { name: 'Alan Turing', email: `alan-${Date.now().toString(36)}@example.com`, status: 'maybe' });
  await rsvp(guestApi, event.id, { name: 'Grace Hopper', email: `grace-${Date.now().toString(36)}@example.com`, status: 'declined' });
  // A name a spreadsheet would run as a formula: the export must neutralise it.
  await rsvp(guestApi, event.id, {
    name: '=HYPERLINK("http://evil.example","x")',
    email: `formula-${Date.now().toString(36)}@example.com`,
  });
  await createOwner(page, server);

  // The Guest List tab picks the event (and keeps it in the URL) and shows its numbers in the event card's words.
  await page.goto('/auth/admin?tab=guest-list');
  await expect(page.getByLabel('Event', { exact: true })).toHaveValue(event.id);
  await expect(page).toHaveURL(new RegExp(`event=${event.id}`));
  await expect(page.getByText('5 RSVPs')).toBeVisible();
  const numbers = page.getByLabel('Headcount and answers');
  await expect(numbers).toContainText('Headcount (guests)4 / 10096 spots left');
  await expect(numbers).toContainText("Going (RSVPs)3Maybe (RSVPs)1Can't go (RSVPs)1");
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(6);
  // Every answer is an RSVP: no Type column. Who has not answered yes cannot be checked in ('-') and has no QR or SMS.
  await expect(table.getByRole('columnheader', { name: 'Type' })).toHaveCount(0);
  const alanRow = table.getByRole('row').filter({ hasText: 'Alan Turing' });
  await expect(alanRow.getByRole('cell').nth(4)).toHaveText('Maybe');
  await expect(alanRow.getByRole('cell').nth(5)).toHaveText('-');
  await expect(alanRow.getByRole('button', { name: /QR Code|SMS/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Select every guest on this page' })).toBeVisible();

  // Search (debounced, by the server) by part of the phone number; the URL keeps it.
  await page.getByLabel('Search guests').fill('555 0199');
  await expect(page).toHaveURL(/q=555/);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: zelda.name });
  await expect(row.getByRole('cell').nth(4)).toHaveText('Going');
  await expect(row.getByRole('cell').nth(5)).toHaveText('No');
  // A ticket and a phone: SMS (docs/product.md#sms).
  await expect(row.getByRole('button', { name: `SMS ${zelda.name}` })).toBeVisible();
  const pin = (await row.getByRole('cell').nth(3).textContent())!.trim();
  expect(pin).toMatch(/^\d{6}$/);

  // … and by the PIN.
  await page.getByLabel('Search guests').fill(pin);
  await expect(page).toHaveURL(new RegExp(`q=${pin}`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: zelda.name })).toBeVisible();

  // The QR dialog: image, ticket link, contact details and status.
  await row.getByRole('button', { name: `QR Code of ${zelda.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'QR Code' });
  await expect(dialog).toBeVisible();
  const image = dialog.getByRole('img', { name: `QR code of ${zelda.name}'s ticket` });
  await expect(image).toBeVisible();
  await expect(dialog.getByText(zelda.email)).toBeVisible();
  await expect(dialog.getByText('Going')).toBeVisible();
  const oldImage = (await image.getAttribute('src'))!;
  const oldLink = (await dialog.getByRole('link', { name: /\/ticket\// }).getAttribute('href'))!;
  expect((await page.request.get(oldImage)).status()).toBe(200);
  await screenshot(page, testInfo, 'qr-dialog');

  // Regenerate asks first, then rotates the ticket and e-mails the new one.
  const mailsBefore = await mailCount(owner, zelda.email);
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Regenerate this QR code?' });
  await expect(confirm).toContainText('stop working');
  await expect(confirm).toContainText(zelda.email);
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(toasts(page).getByText('QR Code Generated')).toBeVisible();
  // This server keeps its mail in the dev mailbox: the host is told so, never "on its way" (src/common/email-delivery.ts).
  await expect(toasts(page).getByText(/does not send e-mail yet, so no e-mail will reach/)).toBeVisible();
  await expect(image).not.toHaveAttribute('src', oldImage);
  const newLink = (await dialog.getByRole('link', { name: /\/ticket\// }).getAttribute('href'))!;
  expect(newLink).not.toBe(oldLink);
  // The old ticket no longer opens; the new one does.
  const secretOf = (href: string) => new URL(href, server.baseURL).pathname.split('/').pop()!;
  expect((await page.request.get(`/api/public/tickets/${secretOf(oldLink)}`)).status()).toBe(404);
  expect((await page.request.get(`/api/public/tickets/${secretOf(newLink)}`)).status()).toBe(200);
  await expect.poll(() => mailCount(owner, zelda.email), { timeout: 15_000, message: 'the new ticket e-mailed' }).toBe(mailsBefore + 1);

  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  // The list shows the ticket's new door PIN (a new ticket rotates it; docs/product.md#tickets-and-qr-codes).
  const list = (await (await owner.get(`/api/events/${event.id}/rsvps`)).json()) as TGuestList;
  const newPin = list.rows.find((r) => r.email === zelda.email)!.pin!;
  expect(newPin).toMatch(/^\d{6}$/);
  await page.getByLabel('Search guests').fill(zelda.email);
  await expect(table.getByRole('row').filter({ hasText: zelda.name }).getByRole('cell').nth(3)).toHaveText(newPin);

  // The event card's guest list dialog: stats and the CSV of every answer.
  await page.getByRole('tab', { name: 'Events' }).click();
  await page.getByRole('link', { name: `Guests of ${title}` }).click();
  const guests = page.getByRole('dialog', { name: 'Guest list' });
  await expect(guests).toBeVisible();
  await expect(guests.getByText('5 RSVPs')).toBeVisible();
  const headcount = guests.getByRole('definition').first();
  await expect(headcount).toHaveText('4 / 100'); // Zelda +1, Ada, and the formula guest
  const [download] = await Promise.all([page.waitForEvent('download'), guests.getByRole('link', { name: 'Export CSV' }).click()]);
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`${event.slug}-guests-${today}.csv`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
  const rows = parseCsv(bytes.subarray(3).toString('utf8')).filter((r) => r.some((c) => c !== ''));
  const [header, ...body] = rows;
  expect(header).toEqual(
    expect.arrayContaining(['Name', 'Email', 'Phone', 'PIN', 'Status', 'Party size', 'Payment status', 'Checked in at', 'Notes']),
  );
  expect(body).toHaveLength(5);
  const col = (name: string) => header!.indexOf(name);
  const zeldaRow = body.find((r) => r[col('Name')] === zelda.name)!;
  expect(zeldaRow[col('Email')]).toBe(zelda.email);
  expect(zeldaRow[col('PIN')]).toBe(newPin);
  expect(zeldaRow[col('Party size')]).toBe('2');
  expect(zeldaRow[col('Status')]).toBe('confirmed');
  // No cell would run as a formula.
  for (const r of body) for (const c of r) expect(c).not.toMatch(/^[=+\-@\t\r]/);
  expect(body.some((r) => r[col('Name')]!.includes('HYPERLINK'))).toBe(true);

  // The list the server gives agrees with the file.
  expect(new Set(body.map((r) => r[col('Email')]))).toEqual(new Set(list.rows.map((r) => r.email)));
  await guestApi.dispose();
  await owner.dispose();
});

test(
  'the guest list works at 375 px: cards with the same columns and the QR dialog',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'the phone layout');
    const owner = await ownerApi(playwright, server);
    const event = await createEvent(owner, `Lantern Walk ${testInfo.project.name}`);
    const guestApi = await playwright.request.newContext({ baseURL: server.baseURL });
    await rsvp(guestApi, event.id, { name: 'Hedy Lamarr', email: `hedy-${Date.now().toString(36)}@example.com`, phone: '+1 212 555 0100' });
    await createOwner(page, server);

    await page.goto(`/auth/admin?tab=guest-list&event=${event.id}`);
    await expect(page.getByText('1 RSVP', { exact: true })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'Hedy Lamarr' });
    await expect(card).toContainText('Going');
    await expect(card).toContainText('+12125550100'); // stored E.164 (docs/product.md#phone-numbers)
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await card.getByRole('checkbox', { name: 'Select Hedy Lamarr' }).check();
    await expect(page.getByRole('button', { name: 'E-mail tickets' })).toBeVisible();
    await card.getByRole('button', { name: 'QR Code of Hedy Lamarr' }).click();
    await expect(page.getByRole('dialog', { name: 'QR Code' }).getByRole('img', { name: /QR code of Hedy Lamarr/ })).toBeVisible();
    // The sheet never scrolls sideways: the long ticket link truncates.
    expect(await page.getByRole('dialog', { name: 'QR Code' }).evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await screenshot(page, testInfo, 'guest-list-phone');
    await guestApi.dispose();
    await owner.dispose();
  },
);

test('a lost connection says so and the list retries by itself after 3 seconds', async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, `Night Market ${testInfo.project.name}`);
  const guestApi = await playwright.request.newContext({ baseURL: server.baseURL });
  await rsvp(guestApi, event.id, { name: 'Frances Allen', email: `frances-${Date.now().toString(36)}@example.com` });
  await createOwner(page, server);

  const listUrl = new RegExp(`/api/events/${event.id}/rsvps(\\?|$)`);
  await page.route(listUrl, (route) => route.abort('connectionrefused'));
  await page.goto(`/auth/admin?tab=guest-list&event=${event.id}`);
  await expect(page.getByRole('heading', { name: 'Connection Error' })).toBeVisible();
  await expect(page.getByText('Failed to load RSVP data. Retrying in 3 seconds...')).toBeVisible();
  await page.unroute(listUrl);
  // No click: the retry comes on its own.
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Frances Allen' })).toBeVisible({ timeout: 8_000 });
  await expect(page.getByRole('heading', { name: 'Connection Error' })).toHaveCount(0);
  await guestApi.dispose();
  await owner.dispose();
});

test('bulk ticket e-mail and QR backfill run as server jobs whose progress survives a reload', async ({
  page,
  server,
  playwright,
}, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const title = `Rooftop Cinema ${testInfo.project.name}`;
  const event = await createEvent(owner, title);
  const guestApi = await playwright.request.newContext({ baseURL: server.baseURL });
  const stamp = Date.now().toString(36);
  const coming = [`tim-${stamp}@example.com`, `radia-${stamp}@example.com`];
  await rsvp(guestApi, event.id, { name: 'Tim Berners-Lee', email: coming[0]! });
  await rsvp(guestApi, event.id, { name: 'Radia Perlman', email: coming[1]! });
  await rsvp(guestApi, event.id, { name: 'Ken Thompson', email: `ken-${stamp}@example.com`, status: 'maybe' });
  await createOwner(page, server);
  // Each RSVP's own confirmation first: counted before the outbox delivered it, it would pass for the ticket.
  for (const to of coming) {
    await expect.poll(() => mailCount(owner, to), { timeout: 15_000, message: `the RSVP confirmation to ${to}` }).toBeGreaterThan(0);
  }
  const before = await Promise.all(coming.map((to) => mailCount(owner, to)));

  // The first page never hears back about the job: the reload has to pick it up. Its request stays
  // unanswered until the page goes (unrouting it would let it through, and a page that heard of the
  // finished job before the reload would rightly forget it); the reloaded page's go to the server.
  let firstPage = true;
  await page.route('**/api/jobs/*', (route) => (firstPage ? undefined : route.continue()));
  await page.goto(`/auth/admin?tab=guest-list&event=${event.id}`);
  await page.getByRole('checkbox', { name: 'Select every guest on this page' }).check();
  await expect(page.getByText('3 guests selected')).toBeVisible();
  await page.getByRole('button', { name: 'E-mail tickets', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'E-mailing tickets' })).toBeVisible();
  firstPage = false;
  await page.reload();
  await expect(page.getByRole('progressbar', { name: 'E-mailing tickets' })).toBeVisible();
  // No SMTP on this server: the toast says the tickets are kept in the dev mailbox, not on their way.
  await expect(toasts(page).getByText('Tickets kept in the dev mailbox')).toBeVisible();
  await expect(
    toasts(page).getByText(/no e-mail will reach these 2 guests: it is kept in the dev mailbox\. 1 guest skipped/),
  ).toBeVisible();
  // The bar lingers, then goes; a later reload does not bring it (or the toast) back.
  await expect(page.getByRole('progressbar', { name: 'E-mailing tickets' })).toBeHidden({ timeout: 5_000 });
  for (const [i, to] of coming.entries()) {
    await expect.poll(() => mailCount(owner, to), { timeout: 15_000, message: `the ticket e-mailed to ${to}` }).toBe(before[i]! + 1);
  }
  await page.reload();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);

  // Create missing tickets (the QR backfill, in the Events tab's More menu): counting only, then replacing every attending guest's ticket.
  await page.getByRole('tab', { name: 'Events' }).click();
  const openBackfill = async () => {
    await page.getByRole('button', { name: 'More event actions' }).click();
    await page.getByRole('menuitem', { name: /Create missing tickets/ }).click();
    return page.getByRole('dialog', { name: 'Create missing tickets' });
  };
  let dialog = await openBackfill();
  await dialog.getByLabel('Events').selectOption({ label: title });
  await expect(dialog.getByLabel('Limit')).toHaveValue('1000');
  await dialog.getByRole('switch', { name: 'Only count' }).click();
  await dialog.getByRole('button', { name: 'Count' }).click();
  await expect(toasts(page).getByText('Dry run finished (Processed 2, would update 0)')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Creating missing tickets' })).toBeHidden({ timeout: 5_000 });

  dialog = await openBackfill();
  await dialog.getByLabel('Events').selectOption({ label: title });
  await dialog.getByRole('switch', { name: 'Replace every ticket' }).click();
  await dialog.getByRole('button', { name: 'Replace all tickets' }).click();
  await expect(toasts(page).getByText('QR images regenerated (Processed 2, updated 2)')).toBeVisible();
  await guestApi.dispose();
  await owner.dispose();
});

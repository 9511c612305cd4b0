/**
 * Door check-in (issue 13, docs/product.md#check-in). The owner adds a door staff member on the event
 * form; the door user signs in on a "phone" whose camera is a video of a real ticket's QR (Chromium's
 * fake capture device fed a .y4m made here from GET /qr/{secret}.png); opening the scan page checks that
 * guest in, and the owner's /checkin in another browser shows the count change live. Then search → check
 * in → cancel, the keyboard-wedge scanner, and the ticket verification page.
 */
import { type APIRequestContext, type Browser, chromium, type Page } from '@playwright/test';
import pg from 'pg';
import type { TDevMailMessage, TDevMailPage } from '../../src/common/schemas/dev-mailbox.ts';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import type { TRsvpResult, TTicket } from '../../src/common/schemas/rsvps.responses.ts';
import type { TCheckinSearch } from '../../src/common/schemas/checkin.responses.ts';
import config from '../../playwright.config.ts';
import { axeViolations } from '../support/axe.ts';
import {
  createEvent as createEventWith,
  createOwner,
  createUser,
  expect,
  ownerApi,
  screenshot,
  signIn,
  type TestServer,
  test,
} from './fixtures.ts';
import { qrVideo } from './qr-video.ts';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const PHONE = { width: 375, height: 740 };

/** axe-core's WCAG 2.1 A/AA rules find nothing on the screen as it is now. */
async function expectAccessible(page: Page, what: string) {
  expect(await axeViolations(page), what).toEqual([]);
}

const createEvent = (owner: APIRequestContext, title: string): Promise<TEventAdmin> =>
  createEventWith(owner, { title, timezone: 'UTC', location: 'Pier 7' });

/** A guest's RSVP through the public form; its ticket (secret, QR token URL, PIN). */
async function rsvp(owner: APIRequestContext, eventId: string, name: string, guests: number) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now().toString(36)}@example.com`;
  const res = await owner.post(`/api/public/events/${eventId}/rsvps`, { data: { name, email, guest_count: guests, status: 'confirmed' } });
  expect(res.status(), await res.text()).toBe(201);
  const { ticket_url } = (await res.json()) as TRsvpResult;
  const secret = ticket_url?.split('/').pop() ?? '';
  const ticket = (await (await owner.get(`/api/public/tickets/${secret}`)).json()) as TTicket;
  const token = ticket.verification_url?.split('/').pop() ?? '';
  expect(token).not.toBe('');
  return { secret, token, pin: ticket.pin ?? '', name };
}

/** A Chromium whose camera is `video` (the flags of Chromium's fake media capture). */
function cameraBrowser(video: string): Promise<Browser> {
  const base = config.use?.launchOptions ?? {};
  return chromium.launch({
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

async function addDoorStaff(page: Page, server: TestServer, event: TEventAdmin, email: string) {
  await createOwner(page, server);
  await page.goto('/auth/admin');
  await page.getByRole('button', { name: `Edit ${event.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  await dialog.getByLabel('Co-host e-mail').fill(email);
  await dialog.getByLabel('Role', { exact: true }).selectOption('door');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const team = dialog.getByRole('list', { name: 'Co-hosts' });
  await expect(team.getByRole('listitem')).toContainText(email);
  await expect(team.getByLabel(`Role of ${email}`)).toHaveValue('door');
}

const stat = (page: Page, name: string) => page.locator(`[data-stat="${name}"]`);

test('door staff scan a real ticket with the camera; the owner sees the count live', async ({ page, server, playwright }, testInfo) => {
  test.setTimeout(90_000);
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, `Harbour Gala ${Date.now().toString(36)}`);
  const door = await createUser(server, { email: `door-${Date.now().toString(36)}@example.com` });
  await addDoorStaff(page, server, event, door.email);
  const guest = await rsvp(owner, event.id, 'Grace Hopper', 3);

  // The owner's device: /checkin, live, nobody in yet.
  await page.goto(`/checkin?event=${event.id}`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(stat(page, 'guests-checked-in')).toHaveText('0');
  await expect(stat(page, 'guests-total')).toHaveText('3');
  await expect(page.getByRole('link', { name: 'Statistics' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Admin' })).toBeVisible();

  const video = testInfo.outputPath('ticket-qr.y4m');
  await qrVideo(page, guest.secret, video);
  const browser = await cameraBrowser(video);
  try {
    const phone = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, permissions: ['camera'] });
    await signIn(phone.request, door.email, door.password, server.baseURL);
    const doorPage = await phone.newPage();

    // Door staff: their one event is chosen; no Statistics, no admin, a way to sign out.
    await doorPage.goto('/checkin');
    await expect(doorPage).toHaveURL(new RegExp(`/checkin\\?event=${event.id}$`));
    await expect(doorPage.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(doorPage.getByRole('link', { name: 'Statistics' })).toHaveCount(0);
    await expect(doorPage.getByRole('link', { name: 'Back to Admin' })).toHaveCount(0);
    await expect(stat(doorPage, 'guests-pending')).toHaveText('3');
    await screenshot(doorPage, testInfo, 'checkin-index-375');
    await expectAccessible(doorPage, '/checkin (door staff, 375 px)');

    await doorPage.getByRole('link', { name: 'Scan' }).click();
    await expect(doorPage).toHaveURL(`${server.baseURL}/checkin/scan?event=${event.id}`);
    const verdict = doorPage.locator('[data-verdict]');
    await expect(verdict).toContainText('Checked in · 3 of 3', { timeout: 20_000 });
    await expect(verdict).toContainText('Grace Hopper');
    await expect(verdict).toHaveAttribute('data-verdict', 'ok');
    await expect(doorPage.getByRole('status').filter({ hasText: 'Checked in · 3 of 3' })).toHaveCount(1);
    await screenshot(doorPage, testInfo, 'scan-checked-in-375');
    await expectAccessible(doorPage, '/checkin/scan with a verdict (375 px)');

    // The other device's count changed by itself.
    await expect(stat(page, 'guests-checked-in')).toHaveText('3');
    await expect(stat(page, 'rsvps-checked-in')).toHaveText('1');

    // The camera still sees the ticket: a few seconds on, the same code is refused, saying when, by whom, where.
    await expect(verdict).toContainText('Already checked in', { timeout: 15_000 });
    await expect(verdict).toContainText(new RegExp(`at \\d\\d:\\d\\d by ${door.email.split('@')[0]} on Door 1 · Chrome on Linux`));
    await expect(verdict).toHaveAttribute('data-verdict', 'warn');
    await screenshot(doorPage, testInfo, 'scan-already-375');

    // Cancel goes back to the index of the same event.
    await doorPage.getByRole('link', { name: 'Cancel' }).click();
    await expect(doorPage).toHaveURL(`${server.baseURL}/checkin?event=${event.id}`);
    await phone.close();
  } finally {
    await browser.close();
  }
});

test('search checks a guest in and undoes it, admits part of a party; a wedge scanner types a PIN', async ({
  page,
  server,
  playwright,
}, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, `Supper Club ${Date.now().toString(36)}`);
  const alan = await rsvp(owner, event.id, 'Alan Turing', 1);
  const ada = await rsvp(owner, event.id, 'Ada Lovelace', 2);
  await createOwner(page, server);

  await page.goto(`/checkin/search?event=${event.id}`);
  await expect(page.getByText('Start typing to search guests')).toBeVisible();
  const box = page.getByLabel(/Search guests/);
  await box.fill('zzzz');
  await expect(page.getByText('No guests found matching "zzzz"')).toBeVisible();
  await box.fill('alan');
  const row = page.getByRole('listitem').filter({ hasText: 'Alan Turing' });
  await expect(row).toContainText('Not in');
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, 'search-375');
  await expectAccessible(page, '/checkin/search with results (375 px)');
  await row.getByRole('button', { name: 'Check in Alan Turing' }).click();
  await expect(toasts(page).getByText('Guest checked in successfully')).toBeVisible();
  await expect(row).toContainText('✓ In');
  await expect(row.getByRole('button', { name: 'Check in Alan Turing' })).toBeDisabled();
  await row.getByRole('button', { name: 'Undo check-in of Alan Turing' }).click();
  await expect(toasts(page).getByText('Guest check-in cancelled successfully')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Undo check-in of Alan Turing' })).toBeDisabled();
  expect(alan.pin).toMatch(/^\d{6}$/);
  // A party: Admit 1 or Admit all 2; Undo check-in takes it back.
  await box.fill('ada');
  const party = page.getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
  await expect(party.getByRole('button', { name: "Admit all 2 of Ada Lovelace's party" })).toBeEnabled();
  await party.getByRole('button', { name: "Admit 1 of Ada Lovelace's party" }).click();
  await expect(party).toContainText('1 of 2 in');
  await screenshot(page, testInfo, 'search-party-375');
  await party.getByRole('button', { name: 'Undo check-in of Ada Lovelace' }).click();
  await expect(party).toContainText('Not in');

  // The scan page without a camera says why, and a keyboard-wedge scanner's PIN + Enter works without focusing anything.
  await page.goto(`/checkin/scan?event=${event.id}`);
  await expect(page.getByRole('alert').filter({ hasText: /camera/i })).toBeVisible();
  await screenshot(page, testInfo, 'scan-no-camera-375');
  // The page is live (its stream answered, so its listeners are on) before the scanner types.
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await page.keyboard.type(ada.pin);
  await page.keyboard.press('Enter');
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toContainText('Checked in · 2 of 2');
  // A party: take one back with the stepper, then Undo.
  await verdict.getByRole('button', { name: 'Admit one fewer' }).click();
  await expect(verdict).toContainText('Took back 1 · 1 of 2 in');
  await screenshot(page, testInfo, 'scan-party-375');

  // The manual field: a code that is not a ticket.
  await page.getByLabel('PIN or ticket code').fill('not-a-ticket');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(verdict).toContainText('Invalid ticket');
  await expect(verdict).toHaveAttribute('data-verdict', 'bad');
  await screenshot(page, testInfo, 'scan-invalid-375');
  // It clears by itself: the scanner is ready for the next guest.
  await expect(verdict).toHaveCount(0, { timeout: 6_000 });

  const found = (await (await owner.get(`/api/checkin/${event.id}/search?q=Ada`)).json()) as TCheckinSearch;
  expect(found.guests[0]?.checked_in_count).toBe(1);
});

test('the ticket verification page: the team checks in, anyone else sees only validity', async ({
  page,
  server,
  playwright,
  browser,
}, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, `Garden Party ${Date.now().toString(36)}`);
  const guest = await rsvp(owner, event.id, 'Katherine Johnson', 1);
  await createOwner(page, server);

  await page.goto(`/ticket-verification/${guest.token}?event=${event.id}`);
  await expect(page.getByRole('heading', { name: 'Katherine Johnson' })).toBeVisible();
  await expect(page.getByText('This ticket is authentic and verified')).toBeVisible();
  await expect(page.getByText('Not checked in yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'UNDO CHECK-IN' })).toBeDisabled();
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, 'verify-team-375');
  await expectAccessible(page, '/ticket-verification (team, 375 px)');
  await page.getByRole('button', { name: 'CHECK IN' }).click();
  await expect(toasts(page).getByText('Guest checked in successfully')).toBeVisible();
  await expect(page.getByText(/^Checked in /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'CHECK IN' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Scan More Tickets' })).toHaveAttribute('href', `/checkin/scan?event=${event.id}`);
  await expect(page.getByText('PAID', { exact: true })).toHaveCount(0); // nobody paid for this ticket

  // A ticket its guest paid for carries the PAID stamp.
  const paid = await rsvp(owner, event.id, 'Mary Jackson', 1);
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  await db.query("UPDATE event_rsvps SET payment_status = 'paid' WHERE name = 'Mary Jackson'");
  await db.end();
  await page.goto(`/ticket-verification/${paid.token}?event=${event.id}`);
  await expect(page.getByRole('heading', { name: 'Mary Jackson' })).toBeVisible();
  await expect(page.getByText('PAID', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'verify-paid-375');

  // Without a selected event, Scan More Tickets leads to the check-in index.
  await page.goto(`/ticket-verification/${paid.token}`);
  await expect(page.getByRole('link', { name: 'Scan More Tickets' })).toHaveAttribute('href', '/checkin');

  // Cancelled while the page was open: CHECK IN is refused, said so, and the card gives way to Invalid Ticket.
  const gone = await rsvp(owner, event.id, 'Dorothy Vaughan', 1);
  await page.goto(`/ticket-verification/${gone.token}?event=${event.id}`);
  await expect(page.getByRole('heading', { name: 'Dorothy Vaughan' })).toBeVisible();
  const db2 = new pg.Client({ connectionString: server.databaseUrl });
  await db2.connect();
  await db2.query("UPDATE event_rsvps SET status = 'declined' WHERE name = 'Dorothy Vaughan'");
  await db2.end();
  await page.getByRole('button', { name: 'CHECK IN' }).click();
  await expect(toasts(page).getByText('Failed to update attendance status')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invalid Ticket' })).toBeVisible();
  await expect(page.getByText('This ticket is authentic and verified')).toHaveCount(0);

  // Scan and search need an event (else the index), and the admin's check-in entry is a tab of its own.
  // (The index may then preselect one of the user's events in its query.)
  const atIndex = (url: URL) => url.pathname === '/checkin';
  await page.goto('/checkin/scan');
  await expect(page).toHaveURL(atIndex);
  await page.goto('/checkin/search');
  await expect(page).toHaveURL(atIndex);
  await page.goto('/admin?tab=checkin');
  await expect(page.getByRole('tab', { name: 'Check-in' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Check guests in' })).toBeVisible();

  await page.goto('/ticket-verification/not-a-ticket');
  await expect(page.getByRole('heading', { name: 'Invalid Ticket' })).toBeVisible();
  await expect(page.getByText('This ticket could not be verified.')).toBeVisible();

  // Signed out, on another host name for the same server: moved to the public address, told only validity and event.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const port = new URL(server.baseURL).port;
  await other.goto(`http://127.0.0.1:${port}/checkin/verify/${guest.token}?event=${event.id}`);
  await expect(other).toHaveURL(`${server.baseURL}/checkin/verify/${guest.token}?event=${event.id}`);
  await expect(other.getByRole('heading', { name: 'Valid Ticket' })).toBeVisible();
  await expect(other.getByText(`This is a valid ticket for ${event.title}.`)).toBeVisible();
  await expect(other.getByText('Katherine Johnson')).toHaveCount(0);
  await expectAccessible(other, '/checkin/verify (public)');
  await stranger.close();

  // Signed out, the check-in area says so instead of redirecting.
  const anon = await browser.newContext();
  const anonPage = await anon.newPage();
  await anonPage.goto(`${server.baseURL}/checkin`);
  await expect(anonPage.getByRole('heading', { name: 'Authentication required' })).toBeVisible();
  await anon.close();
});

test('door staff invited by e-mail land on check-in after making their account', async ({ page, server, playwright, browser }) => {
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, `Door Party ${Date.now().toString(36)}`);
  const email = `new-door-${Date.now().toString(36)}@example.com`;
  const added = await owner.post(`/api/events/${event.id}/hosts`, { data: { email, role: 'door' } });
  expect(added.status(), await added.text()).toBeLessThan(300);

  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await owner.get('/api/dev-mailbox?channel=email&limit=100')).json()) as TDevMailPage;
        const mail = list.items.find((m) => m.to === email && /You're invited to check in guests at/.test(m.subject ?? ''));
        if (!mail) return undefined;
        const full = (await (await owner.get(`/api/dev-mailbox/${mail.id}`)).json()) as TDevMailMessage;
        link = /(https?:\/\/\S*accept-invite\S*)/.exec(full.text)?.[1];
        return link;
      },
      { timeout: 15_000, message: `the invitation to ${email}` },
    )
    .toBeTruthy();

  const fresh = await browser.newContext({ baseURL: server.baseURL });
  const invitee = await fresh.newPage();
  await invitee.goto(link ?? '');
  await expect(invitee.getByRole('heading', { name: "You're invited as door staff" })).toBeVisible();
  await invitee.getByLabel('Your name').fill('Sam Door');
  await invitee.getByLabel('Password').fill('door-password-123');
  await invitee.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(invitee).toHaveURL(`${server.baseURL}/checkin?event=${event.id}`);
  await expect(invitee.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await fresh.close();
  await page.close();
});

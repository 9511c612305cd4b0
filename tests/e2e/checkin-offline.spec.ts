/**
 * The offline door (issue 35, docs/product.md#offline-door, docs/decisions/0035-offline-door.md). Two phones
 * (two browser contexts, two sessions of door staff) prepare an event, lose the network
 * (`context.setOffline(true)`), reload the scanner from the service worker and admit 20 guests between them,
 * four of them on both; back online, the server holds exactly 20 admissions and both phones show the
 * four conflicts. A camera scan works offline; a revoked phone's data is gone after its next contact.
 */
import { type APIRequestContext, type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import pg from 'pg';
import type { TCheckinStats } from '../../src/common/schemas/checkin.responses.ts';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import type { TRsvpResult, TTicket } from '../../src/common/schemas/rsvps.responses.ts';
import config from '../../playwright.config.ts';
import { axeViolations } from '../support/axe.ts';
import { createEvent, createUser, expect, OWNER, ownerApi, screenshot, signIn, type TestServer, test } from './fixtures.ts';
import { qrVideo } from './qr-video.ts';

const PHONE = { width: 375, height: 740 };

type Ticket = { secret: string; token: string; pin: string; name: string };

async function rsvp(owner: APIRequestContext, eventId: string, name: string, guests = 1): Promise<Ticket> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now().toString(36)}@example.com`;
  const res = await owner.post(`/api/public/events/${eventId}/rsvps`, { data: { name, email, guest_count: guests, status: 'confirmed' } });
  expect(res.status(), await res.text()).toBe(201);
  const { ticket_url } = (await res.json()) as TRsvpResult;
  const secret = ticket_url?.split('/').pop() ?? '';
  const ticket = (await (await owner.get(`/api/public/tickets/${secret}`)).json()) as TTicket;
  return { secret, token: ticket.verification_url?.split('/').pop() ?? '', pin: ticket.pin ?? '', name };
}

async function doorStaff(owner: APIRequestContext, server: TestServer, event: TEventAdmin) {
  const door = await createUser(server, { email: `door-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com` });
  const res = await owner.post(`/api/events/${event.id}/hosts`, { data: { email: door.email, role: 'door' } });
  expect(res.status(), await res.text()).toBe(201);
  return door;
}

/** A phone: its own context (own IndexedDB and service worker), signed in, its door label set. */
async function phone(browser: Browser, server: TestServer, account: { email: string; password: string }, label: string) {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, serviceWorkers: 'allow' });
  await context.addInitScript((l) => window.localStorage.setItem('turnout.checkin.device', l), label);
  await signIn(context.request, account.email, account.password, server.baseURL);
  return { context, page: await context.newPage() };
}

/** Prepares the phone for the event and waits until the service worker controls the check-in screens. */
async function prepare(page: Page, eventId: string, guests: number) {
  await page.goto(`/checkin?event=${eventId}`);
  const started = Date.now();
  await page.getByRole('button', { name: 'Prepare this device for offline' }).click();
  await expect(page.getByTestId('offline-ready')).toContainText(`Ready for offline · Guest list from just now · ${guests} guests`, {
    timeout: 60_000,
  });
  const ms = Date.now() - started;
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A page the worker controls (clientsClaim): what it loads offline comes from the precache.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return ms;
}

/** Types a code in the manual field and waits for its verdict. */
async function check(page: Page, code: string) {
  await page.getByLabel('PIN or ticket code').fill(code);
  await page.getByRole('button', { name: 'Check' }).click();
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toBeVisible();
  return verdict;
}

/** Opens `path` in the running app, as its own links do: no page load, so nothing is fetched but what the screen asks. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function goOffline(context: BrowserContext, page: Page, eventId: string) {
  await context.setOffline(true);
  // Reloaded with no network: the service worker serves the scanner.
  await page.goto(`/checkin/scan?event=${eventId}`);
  await expect(page.locator('[data-connection="off"]')).toContainText('Offline');
}

async function dbQuery<T extends pg.QueryResultRow>(server: TestServer, sql: string, params: unknown[]): Promise<T[]> {
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.end();
  }
}

test('two phones admit 20 guests offline; back online the server holds 20 and both show the conflicts', async ({
  server,
  playwright,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `Cellar Show ${Date.now().toString(36)}`, timezone: 'UTC' });
  const tickets: Ticket[] = [];
  for (let i = 0; i < 20; i++) tickets.push(await rsvp(owner, event.id, `Guest ${String(i + 1).padStart(2, '0')}`));
  const a = await phone(browser, server, await doorStaff(owner, server, event), 'Door 1');
  const b = await phone(browser, server, await doorStaff(owner, server, event), 'Door 2');
  // Installable: what Lighthouse's installability audit asks Chromium (manifest, icons, a worker controlling the page).
  await a.page.goto(`/checkin?event=${event.id}`);
  await expect(a.page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/checkin.webmanifest');
  const prepareMs = await prepare(a.page, event.id, 20);
  const cdp = await a.context.newCDPSession(a.page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
  expect(manifest.errors).toEqual([]);
  await cdp.detach();
  testInfo.annotations.push({ type: 'prepare (20 guests)', description: `${prepareMs} ms` });
  await prepare(b.page, event.id, 20);
  await screenshot(a.page, testInfo, 'offline-prepared-375');
  // A guest page on the same phone: outside the worker's scope, no manifest.
  const guestPage = await a.context.newPage();
  await guestPage.goto(`/event/${event.id}`);
  await expect(guestPage.getByRole('heading', { name: event.title })).toBeVisible();
  expect(await guestPage.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await expect(guestPage.locator('link[rel="manifest"]')).toHaveCount(0);
  await guestPage.close();

  await goOffline(a.context, a.page, event.id);
  await goOffline(b.context, b.page, event.id);
  expect(await axeViolations(a.page), '/checkin/scan offline (375 px)').toEqual([]);

  // Door 1 takes guests 1–12 (QR tokens), Door 2 guests 9–20 (PINs): 9–12 come in on both, offline.
  for (const t of tickets.slice(0, 12)) {
    const v = await check(a.page, t.token);
    await expect(v).toContainText('Checked in');
    await expect(v).toContainText(t.name);
    await expect(v).toHaveAttribute('data-offline', 'true');
  }
  await expect(a.page.locator('[data-connection="off"]')).toContainText('12 queued');
  await screenshot(a.page, testInfo, 'offline-verdict-375');
  for (const t of tickets.slice(8)) {
    const v = await check(b.page, t.pin);
    await expect(v).toContainText('Checked in');
    await expect(v).toHaveAttribute('data-offline', 'true');
  }
  // The same guest twice on one phone is refused there, offline too.
  const again = await check(b.page, tickets[19]!.token);
  await expect(again).toContainText('Already checked in');
  await expect(b.page.locator('[data-connection="off"]')).toContainText('12 queued');
  // A code that is on no list: refused offline.
  await expect(await check(b.page, '999999')).toContainText('Invalid ticket');
  // Search on the local list.
  await b.page.goto(`/checkin/search?event=${event.id}`);
  await b.page.getByLabel(/Search guests/).fill('Guest 03');
  const row = b.page.getByRole('listitem').filter({ hasText: 'Guest 03' });
  await expect(row).toContainText('Not in');
  await b.page.goto(`/checkin/scan?event=${event.id}`);

  // Nothing queued is lost when the tab closes: Door 2's tab is closed and opened again, still offline.
  await b.page.close();
  b.page = await b.context.newPage();
  await b.page.goto(`/checkin/scan?event=${event.id}`);
  await expect(b.page.locator('[data-connection="off"]')).toContainText('12 queued');

  // Back online: Door 1 syncs first, then Door 2, whose four repeats are refused and reported.
  await a.context.setOffline(false);
  await expect(a.page.locator('[data-connection="ok"]')).toContainText('Online', { timeout: 30_000 });
  await b.context.setOffline(false);
  await expect(b.page.locator('[data-connection="ok"]')).toContainText('Online', { timeout: 30_000 });
  const conflictsB = b.page.getByTestId('offline-conflicts');
  await expect(conflictsB.getByRole('listitem')).toHaveCount(4);
  await expect(conflictsB).toContainText(/Guest 09 · Also admitted on Door 1 at \d\d:\d\d/);
  await screenshot(b.page, testInfo, 'offline-sync-conflict-375');
  expect(await axeViolations(b.page), '/checkin/scan with conflicts (375 px)').toEqual([]);
  // Door 1 hears of it on its next contact.
  await a.page.reload();
  const conflictsA = a.page.getByTestId('offline-conflicts');
  await expect(conflictsA.getByRole('listitem')).toHaveCount(4, { timeout: 30_000 });
  await expect(conflictsA).toContainText(/Guest 12 · Also admitted on Door 2 at \d\d:\d\d/);
  // Seen: "Got it" hides them on this phone, also after a reload.
  await conflictsA.getByRole('button', { name: 'Got it' }).click();
  await expect(conflictsA).toHaveCount(0);
  await a.page.reload();
  await expect(a.page.locator('[data-connection="ok"]')).toBeVisible();
  await expect(a.page.getByTestId('offline-conflicts')).toHaveCount(0);

  const admitted = await dbQuery<{ n: string; guests: string }>(
    server,
    'SELECT count(*) AS n, coalesce(sum(admitted), 0) AS guests FROM checkins WHERE event_id = $1 AND admitted > 0',
    [event.id],
  );
  expect(admitted[0]).toEqual({ n: '20', guests: '20' });
  const stats = (await (await owner.get(`/api/checkin/${event.id}/stats`)).json()) as TCheckinStats;
  expect(stats.guests).toEqual({ total: 20, checked_in: 20, pending: 0 });
  await a.context.close();
  await b.context.close();
});

/** Records this phone's IndexedDB holds for the door (devices, guest lists, queue); 0 when the database is gone. */
/** How many scans this browser still has to send (the queue's state is stored in the clear). */
function storedQueue(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('turnout-door');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('queue', 'readonly').objectStore('queue').getAll();
          all.onsuccess = () => {
            resolve((all.result as { state: string }[]).filter((r) => r.state === 'queued').length);
            req.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

function storedRecords(page: Page): Promise<number> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'turnout-door')) return 0;
    return new Promise<number>((resolve, reject) => {
      const req = indexedDB.open('turnout-door');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const db = req.result;
        const tx = db.transaction(['devices', 'snapshots', 'queue', 'conflicts'], 'readonly');
        let n = 0;
        let pending = 4;
        for (const s of ['devices', 'snapshots', 'queue', 'conflicts'] as const) {
          const c = tx.objectStore(s).count();
          c.onsuccess = () => {
            n += c.result;
            if (--pending === 0) {
              db.close();
              resolve(n);
            }
          };
        }
      };
    });
  });
}

test('the camera scans a ticket offline; a revoked phone loses its data on its next contact', async ({
  page,
  server,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `Field Day ${Date.now().toString(36)}`, timezone: 'UTC' });
  const guest = await rsvp(owner, event.id, 'Camera Guest', 2);
  const door = await doorStaff(owner, server, event);
  await page.goto('/');
  const video = testInfo.outputPath('offline-qr.y4m');
  await qrVideo(page, guest.secret, video);
  const base = config.use?.launchOptions ?? {};
  const camera = await chromium.launch({
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await camera.newContext({ baseURL: server.baseURL, viewport: PHONE, permissions: ['camera'], serviceWorkers: 'allow' });
    await signIn(context.request, door.email, door.password, server.baseURL);
    const p = await context.newPage();
    await prepare(p, event.id, 2);
    await context.setOffline(true);
    await p.goto(`/checkin/scan?event=${event.id}`);
    const verdict = p.locator('[data-verdict]');
    await expect(verdict).toContainText('Checked in · 2 of 2', { timeout: 30_000 });
    await expect(verdict).toHaveAttribute('data-offline', 'true');
    await expect(p.locator('[data-connection="off"]')).toContainText('1 queued');

    // The owner revokes the phone while it is offline; its queue is not sent and its data goes at the next contact.
    const [device] = await dbQuery<{ id: string }>(server, 'SELECT id FROM checkin_devices WHERE event_id = $1', [event.id]);
    expect((await owner.delete(`/api/checkin/${event.id}/offline/${device!.id}`)).status()).toBe(204);
    await context.setOffline(false);
    await p.goto(`/checkin?event=${event.id}`);
    await expect(p.getByRole('alert').filter({ hasText: 'This device was signed out or revoked for this event' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(p.getByRole('button', { name: 'Prepare this device for offline' })).toBeEnabled();
    await screenshot(p, testInfo, 'offline-revoked-375');
    const left = await storedRecords(p);
    expect(left).toBe(0);
    const rows = await dbQuery<{ n: string }>(server, 'SELECT count(*) AS n FROM checkins WHERE event_id = $1', [event.id]);
    expect(rows[0]!.n).toBe('0');

    // Signed in again, prepared again, then signed out: the device's data goes with the session.
    await p.getByRole('button', { name: 'Sign out' }).click();
    await expect(p).toHaveURL(/\/auth/);
    await signIn(context.request, door.email, door.password, server.baseURL);
    await p.goto(`/checkin?event=${event.id}`);
    await p.getByRole('button', { name: 'Prepare this device for offline' }).click();
    await expect(p.getByTestId('offline-ready')).toBeVisible();
    await p.getByRole('button', { name: 'Sign out' }).click();
    await expect(p).toHaveURL(/\/auth/);
    await expect.poll(() => storedRecords(p)).toBe(0);
    const devices = await dbQuery<{ n: string }>(server, 'SELECT count(*) AS n FROM checkin_devices WHERE event_id = $1', [event.id]);
    expect(devices[0]!.n).toBe('0'); // each was its session's: signing out deleted them
    await context.close();
  } finally {
    await camera.close();
  }
});

test('a host sees which phones hold the guest list and revokes a lost one at 375 px; it wipes at its next contact', async ({
  server,
  playwright,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `Loft Party ${Date.now().toString(36)}`, timezone: 'UTC' });
  await rsvp(owner, event.id, 'Lena Lost');
  const door = await doorStaff(owner, server, event);
  const lost = await phone(browser, server, door, 'Door 2 · Chrome on Android');
  await lost.page.goto(`/checkin?event=${event.id}`);
  await lost.page.getByRole('button', { name: 'Prepare this device for offline' }).click();
  await expect(lost.page.getByTestId('offline-ready')).toBeVisible({ timeout: 30_000 });
  // Door staff see their own Offline panel but no device list.
  await expect(lost.page.getByRole('heading', { name: 'Devices ready for offline' })).toHaveCount(0);

  const host = await phone(browser, server, OWNER, 'Door 1 · Chrome on Android');
  const page = host.page;
  // The list first fails to load (an outage, retried): the section says so and Try again asks again.
  let failing = true;
  await page.route(`**/api/checkin/${event.id}/offline`, (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Down for a moment.' } } })
      : route.fallback(),
  );
  await page.goto(`/checkin?event=${event.id}`);
  const devices = page.getByTestId('offline-devices');
  await expect(devices).toContainText('The devices could not be loaded.', { timeout: 15_000 });
  failing = false;
  await devices.getByRole('button', { name: 'Try again' }).click();
  await expect(devices).toContainText(door.email);
  await page.getByRole('button', { name: 'Prepare this device for offline' }).click();
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 30_000 });
  const mine = devices.locator('li', { hasText: 'Door 1' });
  const theirs = devices.locator('li', { hasText: 'Door 2' });
  await expect(mine).toContainText('This device');
  await expect(mine.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await expect(theirs).toContainText(door.email);
  await expect(theirs).toContainText('Prepared just now · last seen just now');
  const revoke = theirs.getByRole('button', { name: 'Revoke Door 2 · Chrome on Android' });
  expect((await revoke.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  expect(await axeViolations(page), 'device list (375 px)').toEqual([]);
  // The phone's screen as the host sees it, scrolled to the list (a full page would repeat the counts above).
  await devices.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'offline-devices-375', { fullPage: false });

  // Keyboard: the dialog opens on Cancel; Escape keeps the device.
  await revoke.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Revoke Door 2?' });
  await expect(dialog).toContainText('Door 2’s offline guest list is wiped the next time it connects; scans it has not sent are lost.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await axeViolations(page), 'revoke dialog (375 px)').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();

  await revoke.click();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(devices.getByRole('status')).toHaveText('Door 2 is revoked: its offline guest list is wiped the next time it connects.');
  await expect(theirs).toContainText('Revoked just now · its data is wiped when it next connects');
  await expect(theirs.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Devices ready for offline' })).toBeFocused();
  const [row] = await dbQuery<{ revoked: boolean }>(
    server,
    "SELECT revoked_at IS NOT NULL AS revoked FROM checkin_devices WHERE event_id = $1 AND label LIKE 'Door 2%'",
    [event.id],
  );
  expect(row?.revoked).toBe(true);

  // The lost phone's next contact wipes its copy; the host's own device is untouched.
  await lost.page.goto(`/checkin?event=${event.id}`);
  await expect(lost.page.getByRole('alert').filter({ hasText: 'This device was signed out or revoked for this event' })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => storedRecords(lost.page)).toBe(0);
  // Whoever holds it cannot download the list again without signing in.
  await lost.page.getByRole('button', { name: 'Prepare this device for offline' }).click();
  await expect(lost.page.getByRole('alert').filter({ hasText: 'Sign out and in again to prepare it' })).toBeVisible();
  expect(await storedRecords(lost.page)).toBe(0);
  await expect(page.getByTestId('offline-ready')).toBeVisible();
  await lost.context.close();
  await host.context.close();
});

test('signing out from the dashboard never loses queued scans: offline it asks, online it sends them first', async ({
  server,
  playwright,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `Late Set ${Date.now().toString(36)}`, timezone: 'UTC' });
  const tickets: Ticket[] = [];
  for (let i = 0; i < 3; i++) tickets.push(await rsvp(owner, event.id, `Dash Guest ${i + 1}`));
  const { context, page } = await phone(browser, server, OWNER, 'Door 1');
  await prepare(page, event.id, 3);
  // The dashboard loads once online (it is outside the worker's scope); the scanner is then opened in the same tab.
  await page.goto('/auth/dashboard');
  await expect(page.getByRole('heading', { name: /^Hello/ })).toBeVisible();
  await navigateInApp(page, `/checkin/scan?event=${event.id}`);
  await expect(page.locator('[data-connection="ok"]')).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  await expect(page.locator('[data-connection="off"]')).toBeVisible();
  for (const t of tickets) await expect(await check(page, t.token)).toHaveAttribute('data-offline', 'true');
  await expect(page.locator('[data-connection="off"]')).toContainText('3 queued');

  // Back on the dashboard, still offline: signing out cannot send them, so it asks.
  await page.goBack();
  const signOut = page.getByRole('button', { name: 'Sign Out' });
  await signOut.click();
  const warning = page.getByRole('alertdialog', { name: '3 scans from the door have not reached the server yet' });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  for (const name of ['Stay signed in', 'Sign out anyway']) {
    const box = await warning.getByRole('button', { name }).boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
  }
  expect(await axeViolations(page), 'unsent-scans warning (375 px)').toEqual([]);
  await screenshot(page, testInfo, 'offline-signout-warning-375');
  await page.keyboard.press('Enter'); // Stay signed in
  await expect(warning).toBeHidden();
  await expect(signOut).toBeFocused();
  await expect(page).toHaveURL(/\/auth\/dashboard/);
  expect(await storedQueue(page)).toBe(3);
  const held = await dbQuery<{ n: string }>(server, 'SELECT count(*) AS n FROM checkins WHERE event_id = $1', [event.id]);
  expect(held[0]!.n).toBe('0');

  // Back online in a fresh page (nothing of the door loaded, so nothing syncs on its own): signing out sends them first.
  await page.goto('about:blank');
  await context.setOffline(false);
  await page.goto('/auth/dashboard');
  await expect(page.getByRole('heading', { name: /^Hello/ })).toBeVisible();
  const before = await dbQuery<{ n: string }>(server, 'SELECT count(*) AS n FROM checkins WHERE event_id = $1', [event.id]);
  expect(before[0]!.n).toBe('0');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const after = await dbQuery<{ n: string }>(server, 'SELECT count(*) AS n FROM checkins WHERE event_id = $1', [event.id]);
  expect(after[0]!.n).toBe('3');
  await expect.poll(() => storedRecords(page)).toBe(0);
  await context.close();
});

test('a 5,000-guest event prepares in one step; the time is reported', async ({ page, server, playwright }, testInfo) => {
  test.setTimeout(120_000);
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `Arena ${Date.now().toString(36)}`, timezone: 'UTC' });
  const door = await doorStaff(owner, server, event);
  // 5,000 confirmed guests with their own QR nonce, token and PIN, written straight into the database.
  const b64 = (bytes: string) => `rtrim(translate(encode(${bytes}, 'base64'), '+/', '-_'), '=')`;
  await dbQuery(
    server,
    `WITH g AS (
       INSERT INTO event_rsvps (event_id, name, email, status, guest_count, qr_nonce, ticket_secret, manage_secret, qr_code_data)
       SELECT $1, 'Guest ' || i, 'guest' || i || '@example.com', 'confirmed', 1 + i % 3,
              ${b64('uuid_send(gen_random_uuid())')}, ${b64('substr(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 1, 18)')},
              ${b64('substr(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 1, 18)')}, 'token-' || i
         FROM generate_series(1, 5000) AS i
       RETURNING id, name)
     INSERT INTO rsvp_pins (rsvp_id, event_id, pin) SELECT id, $1, lpad(substr(name, 7), 6, '0') FROM g`,
    [event.id],
  );
  await signIn(page.request, door.email, door.password, server.baseURL);
  await page.setViewportSize(PHONE);
  await page.goto(`/checkin?event=${event.id}`);
  const started = Date.now();
  await page.getByRole('button', { name: 'Prepare this device for offline' }).click();
  await expect(page.getByTestId('offline-ready')).toContainText('Guest list from just now · 10001 guests', { timeout: 60_000 });
  const ms = Date.now() - started;
  testInfo.annotations.push({ type: 'prepare → ready, 5,000 RSVPs (10,001 guests)', description: `${ms} ms` });
  console.log(`prepare → ready for 5,000 RSVPs: ${ms} ms`);
  // Ready means usable: a PIN from the middle of the list is judged on the device with no network.
  await page.context().setOffline(true);
  await page.getByRole('link', { name: 'Scan' }).click();
  const verdict = await check(page, '002500');
  await expect(verdict).toContainText('Guest 2500');
  await expect(verdict).toHaveAttribute('data-offline', 'true');
});

test('a network that takes requests and never answers, or a proxy’s 503: the device judges and searches itself', async ({
  browser,
  server,
  playwright,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `No Uplink ${Date.now().toString(36)}`, timezone: 'UTC' });
  const [first, second] = [await rsvp(owner, event.id, 'Uplink One'), await rsvp(owner, event.id, 'Uplink Two')];
  const door = await doorStaff(owner, server, event);
  // No service worker: requests it handled would not reach page.route, which plays the dead uplink here.
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, serviceWorkers: 'block' });
  await signIn(context.request, door.email, door.password, server.baseURL);
  const page = await context.newPage();
  await page.goto(`/checkin?event=${event.id}`);
  await page.getByRole('button', { name: 'Prepare this device for offline' }).click();
  await expect(page.getByTestId('offline-ready')).toBeVisible({ timeout: 30_000 });
  // Honest about it: without its worker the app itself does not load offline.
  await expect(page.getByText('This browser has not stored the app itself')).toBeVisible();
  await page.getByRole('link', { name: 'Scan' }).click();
  await expect(page.locator('[data-connection="ok"]')).toBeVisible();
  // The venue's Wi-Fi loses its uplink: every API request is taken and never answered; the browser still says online.
  await page.route('**/api/**', () => {});
  // A check-in of the device (as the heartbeat makes) now hangs; the scans after it must not wait for it.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // Judged on the device after the online wait (5 s); before, it waited behind the hanging sync for ever.
  await page.getByLabel('PIN or ticket code').fill(first.pin);
  await page.getByRole('button', { name: 'Check' }).click();
  const one = page.locator('[data-verdict]');
  await expect(one).toContainText('Uplink One', { timeout: 20_000 });
  await expect(one).toHaveAttribute('data-offline', 'true');
  await expect(page.locator('[data-connection="off"]')).toContainText('1 queued', { timeout: 20_000 });
  // Known to be offline now: the next scan is judged at once.
  const two = await check(page, second.pin);
  await expect(two).toContainText('Uplink Two');
  await expect(two).toHaveAttribute('data-offline', 'true');
  await expect(page.locator('[data-connection="off"]')).toContainText('2 queued');
  // The uplink is back: the queue goes and nobody is admitted twice.
  await page.unroute('**/api/**');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.locator('[data-connection="ok"]')).toBeVisible({ timeout: 30_000 });
  const rows = await dbQuery<{ n: string }>(server, 'SELECT count(*) AS n FROM checkins WHERE event_id = $1', [event.id]);
  expect(rows[0]!.n).toBe('2');
  // The scanner reopened while the uplink drops the first session request and takes the next ones without an
  // answer: the prepared device opens on that first failure instead of waiting behind the retries.
  let sessionTries = 0;
  await page.route('**/api/auth/get-session', (route) => (sessionTries++ === 0 ? route.abort('internetdisconnected') : undefined));
  await page.reload();
  await expect(page.getByLabel('PIN or ticket code')).toBeVisible();
  await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
  // The door's home too: the events this device holds, at once.
  sessionTries = 0;
  await page.goto('/checkin');
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  const held = page.getByRole('listitem').filter({ hasText: event.title });
  await expect(held).toContainText('2 RSVPs');
  await expect(held.getByRole('link', { name: 'Scan' })).toHaveAttribute('href', `/checkin/scan?event=${event.id}`);
  await page.unroute('**/api/auth/get-session');
  // Online again, a search the server's proxy answers 503 to: the device searches its own copy at once.
  await page.route('**/api/checkin/*/search*', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  await navigateInApp(page, `/checkin/search?event=${event.id}`);
  await page.getByLabel(/^Search guests/).fill('Uplink');
  await expect(page.getByRole('list', { name: 'Guests found on this device' })).toContainText('Uplink Two');
  await context.close();
});

test('two tabs of one phone judge offline on one list: a guest let in on one is already in on the other', async ({
  browser,
  server,
  playwright,
}) => {
  test.setTimeout(90_000);
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `Two Tabs ${Date.now().toString(36)}`, timezone: 'UTC' });
  const guest = await rsvp(owner, event.id, 'Tab Guest');
  await rsvp(owner, event.id, 'Tab Other');
  const door = await doorStaff(owner, server, event);
  const { context, page } = await phone(browser, server, door, 'Door 1');
  await prepare(page, event.id, 2);
  const other = await context.newPage();
  await other.goto(`/checkin/scan?event=${event.id}`);
  await expect(other.locator('[data-connection="ok"]')).toBeVisible();
  await goOffline(context, page, event.id);
  await expect(other.locator('[data-connection="off"]')).toBeVisible();
  await expect(await check(page, guest.pin)).toContainText('Checked in');
  // The other tab hears of it and reads the stored list again.
  await expect(other.getByText('1 of 2 guests in')).toBeVisible();
  const again = await check(other, guest.pin);
  await expect(again).toContainText('Already checked in');
  await expect(again).toHaveAttribute('data-offline', 'true');
  await context.setOffline(false);
  await expect(page.locator('[data-connection="ok"]')).toBeVisible({ timeout: 30_000 });
  const rows = await dbQuery<{ n: string }>(server, 'SELECT count(*) AS n FROM checkins WHERE event_id = $1 AND admitted > 0', [event.id]);
  expect(rows[0]!.n).toBe('1');
  await context.close();
});

/**
 * Playwright fixtures for Turnout's end-to-end tests. Import `test` and `expect` from here, not from
 * '@playwright/test'.
 *
 *   import { createOwner, expect, signIn, test } from './fixtures.ts';
 *
 * Fixtures
 * - `server: TestServer` — the BUILT server (`$DIST_DIR/server/main.js`, default dist/; `npm run test:e2e`
 *   builds first, `npm test` uses its one build) on a free port with a fresh, migrated database: on
 *   TEST_DATABASE_URL's server when that is set, a copy of the template database global-setup.ts migrated
 *   once per run; otherwise an embedded PostgreSQL in a temp DATA_DIR. A fresh database per spec FILE:
 *   every test of a file shares it, and the next file starts on an empty install again. On
 *   TEST_DATABASE_URL the worker keeps its server process for the next file with the same `serverEnv`
 *   and swaps its database for a new copy of the template under it (`renew`: same name, same
 *   `databaseUrl`, `server.owner` forgotten; the app keeps nothing in memory that outlives its database,
 *   docs/ARCHITECTURE.md#process-state); another `serverEnv`, or the embedded PostgreSQL, gets a new
 *   server. Playwright starts a new worker after a failed test, so the rest of that file then runs on a
 *   new, empty server: make each test set up what it needs (the helpers below are idempotent per server).
 *   Env: NODE_ENV=production, RATE_LIMIT=false, OUTBOX_WORKER=true, OUTBOX_POLL_MS=500, fixed secrets,
 *   PUBLIC_BASE_URL = baseURL.
 *     type TestServer = {
 *       baseURL: string;        // http://localhost:<port>, also the tests' `baseURL` (page.goto('/auth') works)
 *       databaseUrl: string;    // the app's database: query it with `pg` to arrange or assert state
 *       stop(): Promise<void>;  // SIGTERM; the fixture calls it for you
 *       logs(): string;         // the server's stdout + stderr on this file's database (attached to failed tests)
 *       owner?: Account;        // set by createOwner()
 *       renew?(label): Promise<boolean>; // a fresh database under the running server; the fixture calls it
 *     };
 * - `serverEnv: Record<string, string>` — option: extra environment for the server of this file, e.g.
 *   `test.use({ serverEnv: { SMTP_URL: 'smtp://127.0.0.1:2525' } })` at the top of a spec file.
 *
 * Helpers (all fast: they talk to the API, not the UI)
 * - `createOwner(pageOrRequest, server, account?) => Promise<Account>`: creates the owner account
 *   (POST /api/setup/owner) and leaves `page` (or the APIRequestContext) signed in as it. Called again
 *   on the same server it signs in as the owner it already made. Default account: OWNER.
 * - `createUser(server, { email, password?, admin? }) => Promise<Account>`: another account, written
 *   straight into the server's database with Better Auth's scrypt hash (one hash per password and
 *   worker), not signed in. The CLI's `user:create` itself is tested in tests/integration/lifecycle.test.ts.
 * - `signIn(pageOrRequest, email, password) => Promise<void>`: signs in through the API (session cookie
 *   lands in the page's browser context). To test the sign-in FORM, drive the form instead.
 * - `signOut(pageOrRequest)`.
 * - `OWNER`, `PASSWORD`: the default account.
 *
 * Guest-journey helpers (the rsvp, remembered-guest and manage-rsvp specs share them)
 * - `ownerApi(playwright, server) => Promise<APIRequestContext>`: an API client signed in as the owner
 *   (made on first use), to arrange events and read the dev mailbox. Dispose of it at the end.
 * - `createEvent(owner, { title, ... })`: POST /api/events on 18 July 2030, 17:00–23:00 Chicago, at a
 *   Chicago address, unless `input` says otherwise; 201 expected.
 * - `mailTo(owner, to, subject)`: waits for the outbox to deliver an e-mail to `to` whose subject matches,
 *   and reads it from the dev mailbox; `waitForMail(owner, to, pick, what)` is the general form.
 * - `answerInDialog(page, title, { status, name, email, party? })`: RSVP through the event page's dialog.
 * - `choose(scope, answer)`: picks one of the big answer buttons by its label, as a finger does.
 * - `guestPage(browser, server, testInfo)`: a second browser (own cookies) with the project's device.
 * - `screenshot(page, testInfo, name)`, `uniqueEmail(testInfo, who)`.
 * - `touch(page, x, y, drift?)`: one finger down at (x, y), moved `drift` px, lifted (the 'mobile' project).
 * - `expectOverlayCloses(page, testInfo, open)`: a press on a modal's overlay closes it: a mouse click on
 *   desktop; on the phone project a still tap and a drifting one, neither reaching the page as a click.
 *
 * Projects: 'desktop' (1280×800) runs every test; 'mobile' (375×667, touch) runs only tests tagged
 * '@mobile' — `test('guest RSVPs', { tag: '@mobile' }, …)`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';
import type { TDevMailMessage, TDevMailPage } from '../../src/common/schemas/dev-mailbox.ts';
import type { TEventAdmin, TEventInput } from '../../src/common/schemas/events.ts';
import { freePort } from '../support/free-port.ts';
import { DIST, E2E_TEMPLATE_VAR, ROOT, withDatabase } from './paths.ts';

export { expect };

export type Account = { email: string; password: string };

export type TestServer = {
  baseURL: string;
  databaseUrl: string;
  stop: () => Promise<void>;
  logs: () => string;
  owner?: Account;
  /**
   * Only on TEST_DATABASE_URL's server with the global setup's template: replaces the database under the
   * running server by a fresh copy of the template (same name, so `databaseUrl` stays true), forgets
   * `owner`, and resolves true once the server answers /healthz from the new one; false, doing nothing, when
   * the server was stopped or has exited. The fixture calls it when a worker's server passes to the next spec file.
   */
  renew?: (label: string) => Promise<boolean>;
};

export const PASSWORD = 'correct-horse-battery';
export const OWNER: Account = { email: 'owner@example.com', password: PASSWORD };

const LOG_LIMIT = 200_000;

async function adminQuery(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql, params);
  } finally {
    await c.end();
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(t);
      resolve(true);
    });
  });
}

/** Starts dist/server/main.js on a fresh database and waits until /healthz answers 200. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const main = path.join(DIST, 'server', 'main.js');
  if (!existsSync(main)) {
    throw new Error(
      `No built server at ${main}: run \`npm run build\` (or \`DIST_DIR=${path.relative(ROOT, DIST)} npm run build\`) first.`,
    );
  }
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'turnout-e2e-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  let databaseUrl: string;
  const dbEnv: Record<string, string> = {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  // A copy of the migrated template (global-setup.ts); without it (a run that skipped the global setup) an empty one the server migrates.
  const template = process.env[E2E_TEMPLATE_VAR];
  let renewDatabase: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const name = `turnout_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}));
    databaseUrl = withDatabase(adminUrl, name);
    dbEnv.DATABASE_URL = databaseUrl;
    if (template) {
      // FORCE ends the server's connections (its pool, its LISTEN connections) first; new ones wait on the drop, then
      // find the copy. Nothing the server keeps in memory outlives that: see docs/ARCHITECTURE.md#process-state.
      renewDatabase = async () => {
        await adminQuery(adminUrl, `DROP DATABASE ${name} WITH (FORCE)`);
        await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      };
    }
  } else {
    // The app's own embedded server: its Unix socket lives in DATA_DIR/pg (see src/server/db/embedded.ts).
    databaseUrl = `postgresql://postgres@localhost/turnout?host=${encodeURIComponent(path.join(dataDir, 'pg'))}`;
  }

  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const baseURL = `http://localhost:${port}`;
    let log = '';
    const child = spawn(process.execPath, ['--enable-source-maps', main], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_BASE_URL: baseURL,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'e2e-auth-secret-e2e-auth-secret-0123456789',
        ENCRYPTION_KEY: `${'0'.repeat(63)}1`,
        TICKET_SIGNING_KEY: 'e2e-ticket-key-e2e-ticket-key-0123456789',
        RATE_LIMIT: 'false',
        DEV_MAILBOX: 'true',
        OUTBOX_WORKER: 'true',
        // Every poll is a query, queued mail or not: a faster poll kept the idle servers and PostgreSQL busy.
        OUTBOX_POLL_MS: '500',
        LOG_LEVEL: 'info',
        ...dbEnv,
        ...extraEnv,
      },
    });
    const append = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.length > LOG_LIMIT) log = log.slice(-LOG_LIMIT);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);

    const ready = await waitForHealthy(baseURL, child, 60_000);
    if (ready === 'ok') {
      let stopped: Promise<void> | undefined;
      const server: TestServer = {
        baseURL,
        databaseUrl,
        logs: () => log,
        renew:
          renewDatabase &&
          (async (label: string) => {
            if (stopped || child.exitCode !== null || child.signalCode !== null) return false;
            // What logs() returns (and a failed test gets attached) starts here, as with a server of its own.
            log = `--- the same server on a fresh copy of the template database, for ${label} ---\n`;
            server.owner = undefined;
            await renewDatabase?.();
            const healthy = await waitForHealthy(baseURL, child, 30_000);
            if (healthy !== 'ok')
              throw new Error(`The server did not come back on its new database (${healthy}). Its output:\n${log.slice(-5000)}`);
            return true;
          }),
        stop: () => {
          stopped ??= (async () => {
            if (child.exitCode === null && child.signalCode === null) {
              child.kill('SIGTERM');
              if (!(await waitForExit(child, 25_000))) {
                child.kill('SIGKILL');
                await waitForExit(child, 5_000);
              }
            }
            await cleanup();
          })();
          return stopped;
        },
      };
      return server;
    }
    child.kill('SIGKILL');
    await waitForExit(child, 5_000);
    lastError = new Error(`The server did not start (${ready}). Its output:\n${log.slice(-5000)}`);
    if (!/EADDRINUSE/.test(log)) break; // only a lost race for the port is worth another try
  }
  await cleanup();
  throw lastError;
}

async function waitForHealthy(baseURL: string, child: ChildProcess, ms: number): Promise<string> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) return `exited with ${child.exitCode ?? child.signalCode}`;
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.status === 200) return 'ok';
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return `no healthy answer within ${ms} ms`;
}

type Requester = Page | APIRequestContext;
const requestOf = (target: Requester): APIRequestContext => ('request' in target ? target.request : target);

async function postJson(target: Requester, url: string, data: unknown) {
  const request = requestOf(target);
  // Better Auth checks the Origin of cookie-bearing calls; a browser sends it, the API client does not.
  const origin = new URL(url).origin;
  return request.post(url, { data, headers: { origin }, failOnStatusCode: false });
}

/** Creates the owner account (or reuses the one made earlier on this server) and signs `target` in as it. */
export async function createOwner(target: Requester, server: TestServer, account: Account = OWNER): Promise<Account> {
  if (server.owner) {
    await signIn(target, server.owner.email, server.owner.password, server.baseURL);
    return server.owner;
  }
  const res = await postJson(target, `${server.baseURL}/api/setup/owner`, { name: 'Maya Berg', ...account });
  if (res.status() === 409) {
    // An owner was made through the UI by an earlier test of this file: sign in as it, if it is this account.
    await signIn(target, account.email, account.password, server.baseURL);
  } else if (res.status() !== 200) {
    throw new Error(`createOwner: POST /api/setup/owner answered ${res.status()}: ${await res.text()}`);
  }
  server.owner = { email: account.email.toLowerCase(), password: account.password };
  return server.owner;
}

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signIn(target: Requester, email: string, password: string, baseURL?: string): Promise<void> {
  const base = baseURL ?? currentBaseURL();
  const res = await postJson(target, `${base}/api/auth/sign-in/email`, { email, password });
  if (res.status() !== 200) throw new Error(`signIn(${email}): answered ${res.status()}: ${await res.text()}`);
}

export async function signOut(target: Requester, baseURL?: string): Promise<void> {
  const base = baseURL ?? currentBaseURL();
  const res = await postJson(target, `${base}/api/auth/sign-out`, {});
  if (res.status() !== 200) throw new Error(`signOut: answered ${res.status()}: ${await res.text()}`);
}

// One real scrypt hash per password and worker: what Better Auth's sign-in verifies.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = import('better-auth/crypto').then((m) => m.hashPassword(password));
    hashes.set(password, hash);
  }
  return hash;
};

/**
 * Another account, written into the server's database as `user:create` makes it (a user row and its
 * credential account with Better Auth's scrypt hash); no CLI process, no migration, no hash per user.
 */
export async function createUser(server: TestServer, opts: { email?: string; password?: string; admin?: boolean } = {}): Promise<Account> {
  const email = (opts.email ?? `host-${randomBytes(4).toString('hex')}@example.com`).toLowerCase();
  const password = opts.password ?? PASSWORD;
  const id = randomBytes(16).toString('hex');
  try {
    await adminQuery(
      server.databaseUrl,
      `WITH u AS (INSERT INTO "user" (id, name, email, email_verified, role) VALUES ($1, $2, $3, false, $4) RETURNING id)
       INSERT INTO account (id, account_id, provider_id, user_id, password) SELECT $5, id, 'credential', id, $6 FROM u`,
      [id, email.split('@')[0], email, opts.admin ? 'admin' : 'host', randomBytes(16).toString('hex'), await hashOf(password)],
    );
  } catch (err) {
    throw new Error(`createUser(${email}) failed: ${(err as Error).message}`);
  }
  return { email, password };
}

// This worker's server: made for the `serverEnv` in `env`, last given a fresh database for spec file `file`.
let current: { env: string; file: string; server: TestServer } | undefined;

type TestFixtures = { server: TestServer; serverEnv: Record<string, string> };
type WorkerFixtures = { _lastServer: undefined };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Stops the worker's server when the worker shuts down.
  _lastServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the destructuring pattern
    async ({}, use) => {
      await use(undefined);
      await current?.server.stop();
      current = undefined;
    },
    { scope: 'worker', auto: true },
  ],
  serverEnv: [{}, { option: true }],
  server: [
    async ({ serverEnv }, use, testInfo) => {
      const env = JSON.stringify(serverEnv);
      const file = testInfo.file;
      // The next spec file on the same environment: the same process on a fresh copy of the template.
      const renew = current?.env === env && current.file !== file ? current.server.renew : undefined;
      if (current && renew) {
        const { server } = current;
        current = undefined;
        const renewed = await renew(path.relative(ROOT, file)).catch(async (err) => {
          await server.stop();
          throw err;
        });
        current = { env, file: renewed ? file : '', server };
      }
      if (current?.env !== env || current.file !== file) {
        const previous = current;
        current = undefined;
        await previous?.server.stop();
        current = { env, file, server: await startServer(serverEnv) };
      }
      const server = current.server;
      await use(server);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server.log', { body: server.logs(), contentType: 'text/plain' });
      }
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

function currentBaseURL(): string {
  if (current) return current.server.baseURL;
  throw new Error('No server started in this worker yet: pass baseURL, or use the `server` fixture first.');
}

// ---- Guest-journey helpers ----

/** An API client signed in as the owner (created on first use): arranges events and reads the dev mailbox. */
export async function ownerApi(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  server: TestServer,
): Promise<APIRequestContext> {
  const owner = await playwright.request.newContext({ baseURL: server.baseURL });
  await createOwner(owner, server);
  return owner;
}

/** Creates an event through the API: 18 July 2030, 17:00–23:00 in Chicago, unless `input` says otherwise. */
export async function createEvent(owner: APIRequestContext, input: Partial<TEventInput> & { title: string }): Promise<TEventAdmin> {
  const res = await owner.post('/api/events', {
    data: {
      event_date: '2030-07-18T22:00:00Z',
      end_date: '2030-07-19T04:00:00Z',
      timezone: 'America/Chicago',
      location: '1200 Lakeshore Drive, Chicago, IL',
      ...input,
    } satisfies TEventInput,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { event: TEventAdmin }).event;
}

/**
 * Polls the dev mailbox until an e-mail to `to` gives `pick` an answer (the newest first), and returns it:
 * the outbox worker delivers a moment after the request that queued the mail.
 */
export async function waitForMail<T>(
  owner: APIRequestContext,
  to: string,
  pick: (mail: TDevMailMessage) => T | undefined,
  what = `an e-mail to ${to}`,
): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        // A kept-alive connection the server has just closed fails once (ECONNRESET): poll again.
        const res = await owner.get('/api/dev-mailbox?channel=email&limit=100').catch(() => null);
        if (!res) return undefined;
        expect(res.status()).toBe(200);
        for (const item of ((await res.json()) as TDevMailPage).items.filter((m) => m.to === to)) {
          const mail = await owner.get(`/api/dev-mailbox/${item.id}`);
          expect(mail.status()).toBe(200);
          found = pick((await mail.json()) as TDevMailMessage);
          if (found !== undefined) return true;
        }
        return false;
      },
      { timeout: 15_000, message: what },
    )
    .toBe(true);
  return found as T;
}

/** The e-mail to `to` whose subject matches, once delivered. */
export function mailTo(owner: APIRequestContext, to: string, subject: RegExp): Promise<TDevMailMessage> {
  return waitForMail(owner, to, (m) => (subject.test(m.subject ?? '') ? m : undefined), `an e-mail to ${to} about ${subject}`);
}

/** Picks one of the big answer buttons (a radio drawn as its label), as a finger or a mouse does. */
export async function choose(scope: Page | Locator, answer: string | RegExp) {
  await scope.locator('label').filter({ hasText: answer }).click();
  await expect(scope.getByRole('radio', { name: answer })).toBeChecked();
}

/** RSVPs through the event page's dialog (already on the page): the answer, name, e-mail and party size; returns the dialog. */
export async function answerInDialog(
  page: Page,
  title: string,
  a: { status: string | RegExp; name: string; email: string; party?: string },
): Promise<Locator> {
  await page.getByRole('button', { name: 'RSVP', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await choose(dialog, a.status);
  await dialog.getByLabel('Name').fill(a.name);
  await dialog.getByLabel('Email').fill(a.email);
  if (a.party) await dialog.getByLabel('Party size').selectOption({ label: a.party });
  await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
  return dialog;
}

/** Another guest's browser (own cookies and storage) on the same device as the test's project. */
export async function guestPage(browser: Browser, server: TestServer, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    timezoneId,
  });
  return context.newPage();
}

/** The sandbox provider's keys (PAYMENTS_PROVIDER=sandbox): a paid event whose checkout never leaves the machine. */
export const SANDBOX_KEYS = { stripe_publishable_key: 'pk_test_sandbox', stripe_secret_key: 'sk_test_sandbox' } as const;

/**
 * A paid event in euros on the sandbox provider, 40 seats, with `add` for its ticket types
 * (docs/product.md#ticket-types): each added type's id.
 */
export async function paidTypedEvent(owner: APIRequestContext, title: string) {
  const event = await createEvent(owner, {
    title,
    max_attendees: 40,
    is_paid_event: true,
    ticket_price: 20,
    currency: 'eur',
    ...SANDBOX_KEYS,
  });
  const add = async (data: Record<string, unknown>) => {
    const res = await owner.post(`/api/events/${event.id}/ticket-types`, { data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { ticket_type: { id: string } }).ticket_type.id;
  };
  return { event, add };
}

/**
 * Pictures for a human to look at are taken only with E2E_SCREENSHOTS=1 (`npm run test:e2e:shots`): a full-page
 * capture at 2× costs more CPU than most of a test's assertions, and a failing test gets one anyway.
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** A full-page screenshot (or, with `fullPage: false`, what the viewport shows) kept with the test's results, named after the project. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  if (!KEEP_SCREENSHOTS) return;
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** An e-mail address no other test or project uses. */
export const uniqueEmail = (testInfo: TestInfo, who: string) => `${who}-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;

/**
 * One finger put down at (x, y), moved `drift` px down and right in two steps (a real finger rarely stays
 * still), and lifted. Chromium's touch input through CDP: the 'mobile' project (hasTouch) only.
 */
export async function touch(page: Page, x: number, y: number, drift = 0) {
  const cdp = await page.context().newCDPSession(page);
  const at = (d: number) => [{ x: x + d, y: y + d, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  if (drift) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(drift / 2) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(drift) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * A press on the overlay beside a modal closes it (components/ui/dialog.tsx, docs/decisions/0021-overlay-touch.md).
 * Desktop: a mouse click. Phone project: a still tap and one that drifts 24 px, each after `open()`; neither
 * may reach the page below as a click once the sheet is gone. (10, 10) is above any bottom sheet and beside the toasts.
 */
export async function expectOverlayCloses(page: Page, testInfo: TestInfo, open: () => Promise<Locator>) {
  // Radix starts listening for a press outside in the task after the dialog opens (so the opening press
  // is not one): a press sent before that task ran is lost. This lets the page run its queued tasks first.
  const listening = async (dialog: Locator) => {
    await expect(dialog).toBeVisible();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  };
  if (!testInfo.project.use.hasTouch) {
    const dialog = await open();
    await listening(dialog);
    await page.mouse.click(10, 10);
    await expect(dialog).toBeHidden();
    return;
  }
  await page.evaluate(() => {
    const w = window as unknown as { clicksAfterTouch: number };
    // A click on the overlay itself is harmless; one on anything else is the page below answering the touch.
    document.addEventListener('click', (e) => !(e.target as Element).closest('[data-slot="dialog-overlay"]') && w.clicksAfterTouch++, true);
  });
  for (const drift of [0, 24]) {
    const dialog = await open();
    await listening(dialog);
    await page.evaluate(() => {
      (window as unknown as { clicksAfterTouch: number }).clicksAfterTouch = 0;
    });
    await touch(page, 10, 10, drift);
    await expect(dialog, `a touch drifting ${drift} px`).toBeHidden();
    const clicks = await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => done((window as unknown as { clicksAfterTouch: number }).clicksAfterTouch))),
    );
    expect(clicks, 'clicks that reached the page below after the touch').toBe(0);
  }
}

/** `toast` (with its close button's hit area) lies wholly below `chrome`: the header or a Back control. */
export async function expectBelow(toast: Locator, chrome: Locator) {
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  const t = await toast.evaluate((el) => {
    const close = el.querySelector('[data-close-button]');
    const area = close ? getComputedStyle(close, '::after') : null;
    const r = el.getBoundingClientRect();
    const c = close?.getBoundingClientRect();
    // The close button's enlarged area (a ::after reaching past the button) counts as part of the toast.
    const above = c && area && area.content !== 'none' ? c.top + Number.parseFloat(area.top || '0') : (c?.top ?? r.top);
    return { top: Math.min(r.top, above) };
  });
  const b = await chrome.boundingBox();
  expect(b, 'the header or Back control is on the page').not.toBeNull();
  expect(t.top, `toast top ${t.top} vs the bottom of the header/Back control ${(b?.y ?? 0) + (b?.height ?? 0)}`).toBeGreaterThanOrEqual(
    (b?.y ?? 0) + (b?.height ?? 0),
  );
}

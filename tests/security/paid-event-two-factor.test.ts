/**
 * Issue 29, item 6: the owner's rule "two-factor sign-in for everyone who manages paid events"
 * (docs/decisions/0020-people.md) covers every route that touches a paid event, not only
 * /api/events/*. Before, `POST /api/qr-backfill` on a paid event by a co-host without two-factor
 * answered 202 and rotated its tickets, and a backfill with no event covered paid events too.
 *
 * The matrix below gives every route the app registers to the "two-factor required" actor (a co-host
 * of a paid event, without two-factor, while the rule is on): each route that reads or changes a paid
 * event's guests, tickets, payments or jobs answers 403 `two_factor_required`; every other route is
 * named with why the rule does not apply. A new route that is in neither fails the first test.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_REQUIRED } from '../../src/common/messages.ts';
import { jobs } from '../../src/server/db/schema/guests.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { drainJobs } from '../../src/server/modules/jobs/run-jobs.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { insertImportedRsvp } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });

const instanceOwner = await signedInUser(t, { role: 'admin' });
const host = await signedInUser(t);
const cohost = await signedInUser(t);

const paid = await createEvent(t, host, { title: 'Paid Gala', ...paidEventInput() });
const free = await createEvent(t, host, { title: 'Free Picnic' });
for (const e of [paid, free]) {
  expect(
    (await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: host.cookie })).status,
  ).toBe(201);
}
// A confirmed guest of each (as imported), with a phone for the SMS job.
const paidGuest = await insertImportedRsvp(t, paid.id, { phone: '+14155550111' });
const freeGuest = await insertImportedRsvp(t, free.id, { phone: '+14155550112' });

// Jobs the co-host started before the owner turned the rule on.
const started = async (path: string, json: unknown) => {
  const res = await t.request(path, { method: 'POST', json, cookie: cohost.cookie });
  expect(res.status, await res.clone().text()).toBe(202);
  return (await res.json()).job.id as string;
};
const paidJob = await started(`/api/events/${paid.id}/rsvps/send-tickets`, { ids: [paidGuest.id] });
const freeJob = await started(`/api/events/${free.id}/rsvps/send-tickets`, { ids: [freeGuest.id] });
const paidSmsJob = await started(`/api/events/${paid.id}/sms-jobs`, { rsvp_ids: [paidGuest.id], message: 'Doors at 7' });

const rule = await t.request('/api/settings', {
  method: 'PATCH',
  json: { require_two_factor_for_paid: true },
  cookie: instanceOwner.cookie,
});
expect(rule.status).toBe(200);

const version = async (id: string) =>
  (await t.db.select({ v: event_rsvps.qr_version, qr: event_rsvps.qr_code_data }).from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!;

async function expectRefused(res: Response) {
  expect(res.status, await res.clone().text()).toBe(403);
  expect((await res.json()).error).toEqual({ code: 'two_factor_required', message: TWO_FACTOR_REQUIRED });
}

type Who = { cookie: string };
/** The routes outside /api/events/{id} that touch one paid event: what the two-factor-required actor sends. */
const PAID_EVENT_ROUTES: Record<string, (who: Who) => Response | Promise<Response>> = {
  'POST /api/qr-backfill': (who) =>
    t.request('/api/qr-backfill', { method: 'POST', json: { eventId: paid.id, force: true }, cookie: who.cookie }),
  'GET /api/jobs/:jobId': (who) => t.request(`/api/jobs/${paidJob}`, { cookie: who.cookie }),
  'GET /api/sms-jobs/:jobId': (who) => t.request(`/api/sms-jobs/${paidSmsJob}`, { cookie: who.cookie }),
  'POST /api/sms-jobs/:jobId/cancel': (who) => t.request(`/api/sms-jobs/${paidSmsJob}/cancel`, { method: 'POST', cookie: who.cookie }),
  // The host's own Stripe account (ADR 0027): the keys paid events are paid with, refused while the rule binds.
  'PUT /api/stripe-account': (who) =>
    t.request('/api/stripe-account', {
      method: 'PUT',
      json: { publishable_key: 'pk_test_51Htwofactor', secret_key: 'sk_test_51Htwofactor000000001' },
      cookie: who.cookie,
    }),
  'POST /api/stripe-account/test': (who) =>
    t.request('/api/stripe-account/test', { method: 'POST', json: { secret_key: 'sk_test_51Htwofactor000000001' }, cookie: who.cookie }),
  'DELETE /api/stripe-account': (who) => t.request('/api/stripe-account', { method: 'DELETE', cookie: who.cookie }),
};

/** Every route under /api/events/{id}: the rule's middleware is in front of all of them, whatever they do. */
const EVENT_PATH = /^\/api\/events\/:[^/]+/;
const concrete = (path: string) =>
  path
    .replace(/:(id|eventId)\b/, paid.id)
    .replace(':rsvpId', paidGuest.id)
    .replace(':email', encodeURIComponent(cohost.email));

/** Routes the rule leaves open, and why (by prefix: a route added under one shares its reason). */
const OPEN: [RegExp, string][] = [
  [
    /^(GET|POST) \/api\/events$/,
    'the list of one’s events (the admin banner) and create: making an event paid is refused, two-factor-rule.test.ts',
  ],
  [/^GET \/api\/dashboard\/summary$/, 'totals over all one’s events, no guest in them, as the list of events'],
  [/^[A-Z]+ \/api\/checkin\//, 'the door’s work stays open (ADR 0020): door staff check guests in'],
  [/^POST \/api\/ticket-verification$/, 'the public verification page: valid or not, and for which event'],
  [
    /^[A-Z]+ \/(api\/public\/|sandbox-checkout\/|qr\/|s\/|media\/|api\/payments\/webhook\/|api\/invitations)/,
    'public: a guest’s own secret, Stripe’s signature or nothing; no host session',
  ],
  [
    /^GET \/cal\/:file$/,
    'a calendar feed: its token only; what a public event page shows (title, time, place), never a guest or payment field',
  ],
  [/^POST \/api\/send-sms$/, 'the SMS sandbox: the instance owner only, no event'],
  [/^GET \/api\/stripe-account$/, 'one’s own Stripe account as hints, never a key: the card explains the rule (changes are refused above)'],
  [
    /^[A-Z]+ \/(api\/auth\/|api\/account\/|api\/setup|api\/people|api\/settings|api\/themes|api\/media$|api\/dev-mailbox|api\/openapi\.json|api\/docs|livez|healthz|metrics|\*)/,
    'no event: accounts and their API keys, setup, the owner’s pages, themes, uploads, the dev mailbox (instance owner), docs and probes',
  ],
];

describe('the two-factor-required actor on every route that touches a paid event', () => {
  const registered = [...new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
  const underEvent = registered.filter((r) => EVENT_PATH.test(r.split(' ')[1]!));

  it('every route is either a paid-event route of the matrix or open for a named reason', () => {
    const unclassified = registered.filter(
      (r) => !EVENT_PATH.test(r.split(' ')[1]!) && !(r in PAID_EVENT_ROUTES) && !OPEN.some(([re]) => re.test(r)),
    );
    expect(unclassified, 'routes neither refused to the two-factor-required actor nor open for a reason').toEqual([]);
    expect(Object.keys(PAID_EVENT_ROUTES).filter((r) => !registered.includes(r))).toEqual([]);
    expect(underEvent.length).toBeGreaterThan(15);
  });

  it.each(underEvent)('%s of a paid event → 403 two_factor_required', async (route) => {
    const [method, path] = route.split(' ') as [string, string];
    const body = method === 'GET' || method === 'DELETE' ? {} : { json: {} };
    await expectRefused(await t.request(concrete(path), { method, ...body, cookie: cohost.cookie }));
  });

  it.each(Object.keys(PAID_EVENT_ROUTES))('%s of a paid event → 403 two_factor_required', async (route) => {
    await expectRefused(await PAID_EVENT_ROUTES[route]!(cohost));
  });
});

describe('the QR backfill and jobs outside /api/events (the reproduction)', () => {
  it('a forced backfill of the paid event is refused to its co-host and its owner; its tickets stay as they were', async () => {
    const before = await version(paidGuest.id);
    for (const who of [cohost, host]) await expectRefused(await PAID_EVENT_ROUTES['POST /api/qr-backfill']!(who));
    await drainJobs(t.deps);
    expect(await version(paidGuest.id)).toEqual(before);
    expect(await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'qr-backfill'))).toEqual([]);
  });

  it('a backfill with no event leaves the paid events out: only the free one is rotated', async () => {
    const paidBefore = await version(paidGuest.id);
    const freeBefore = await version(freeGuest.id);
    const res = await t.request('/api/qr-backfill', { method: 'POST', json: { force: true }, cookie: cohost.cookie });
    expect(res.status).toBe(202);
    const { id } = (await res.json()).job;
    const [row] = await t.db.select({ params: jobs.params }).from(jobs).where(eq(jobs.id, id));
    expect(row!.params).toMatchObject({ kind: 'qr-backfill', event_ids: [free.id] });
    await drainJobs(t.deps);
    expect(await version(paidGuest.id)).toEqual(paidBefore);
    expect((await version(freeGuest.id)).v).toBe(freeBefore.v + 1);
  });

  it("the paid event's jobs are closed to its co-host (a cancel changes nothing); the free event's stay open", async () => {
    await expectRefused(await PAID_EVENT_ROUTES['POST /api/sms-jobs/:jobId/cancel']!(cohost));
    const [sms] = await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, paidSmsJob));
    expect(sms!.status).not.toBe('cancelled');
    expect((await t.request(`/api/jobs/${freeJob}`, { cookie: cohost.cookie })).status).toBe(200);
    // Anyone but the job's creator: 404 as before.
    expect((await t.request(`/api/jobs/${paidJob}`, { cookie: host.cookie })).status).toBe(404);
  });
});

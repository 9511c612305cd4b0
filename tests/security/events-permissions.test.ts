import { and, desc, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { OWNER_ONLY } from '../../src/common/event-roles.ts';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../src/common/schemas/api-keys.ts';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import { openSecret } from '../../src/server/crypto/secret-box.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { checkins } from '../../src/server/db/schema/checkins.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { secretKeyContext } from '../../src/server/domain/event-values.ts';
import { drainOutbox } from '../../src/server/modules/outbox/worker.ts';
import { createEvent, futureDate, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';

/**
 * The permission matrix (docs/decisions/0011-event-roles.md): every route of the app that touches an
 * event or its guests, × anonymous / another user / the site admin (not on the event) / co-host /
 * owner, with the status each must get. A route the app registers that is in neither ROUTES nor
 * NOT_EVENT_ROUTES fails the first test: add it to the table.
 */
// Payments stay on the sandbox provider; "Test the keys" (a real read call) goes to the local Stripe fake.
const fakeStripe = await startFakeStripe();
afterAll(() => fakeStripe.close());
const t = await createTestApp({ RATE_LIMIT: 'false', STRIPE_API_URL: fakeStripe.url });

const owner = await signedInUser(t);
const cohost = await signedInUser(t, { email: `cohost-${Date.now()}@example.com` });
const stranger = await signedInUser(t);
const admin = await signedInUser(t, { role: 'admin' });
const door = await signedInUser(t, { email: `door-${Date.now()}@example.com` });
const anonymous = { cookie: '' };
/** A host whose Stripe account receives the webhook row's requests. */
const webhookHost = await signedInUser(t);
let webhookAccountId: string | undefined;
const WHO = { anonymous, stranger, admin, door, cohost, owner } as const;
type Who = keyof typeof WHO;
/** A signed-in user (its cookie), anonymous (no cookie), or one of the owner's API keys (`bearer`, no cookie). */
type Actor = { cookie: string; bearer?: string };
const creds = (who: Actor) => ({ cookie: who.cookie, bearer: who.bearer });

/**
 * One API key of the owner per scope (docs/decisions/0029-api-keys.md): on the routes that allow its
 * scope it answers as the owner does, on every other /api route 403 api_key_not_allowed; outside /api
 * the header means nothing (as anonymous).
 */
const KEYS = Object.fromEntries(
  await Promise.all(
    API_KEY_SCOPES.map(async (scope) => {
      const res = await t.request('/api/account/api-keys', {
        method: 'POST',
        json: { name: scope, scopes: [scope] },
        cookie: owner.cookie,
      });
      return [scope, { cookie: '', bearer: (await res.json()).secret as string }];
    }),
  ),
) as Record<ApiKeyScope, { cookie: string; bearer: string }>;
/** What each scope opens, as the product promises it (docs/product.md#api-keys); every other /api route is closed to keys. */
const KEY_SCOPE: Record<string, ApiKeyScope> = {
  'GET /api/events': 'events:read',
  'GET /api/events/:id': 'events:read',
  'GET /api/events/:id/questions': 'events:read',
  'GET /api/events/:id/hosts': 'events:read',
  'GET /api/dashboard/summary': 'events:read',
  'GET /api/themes': 'events:read',
  'POST /api/events': 'events:write',
  'PATCH /api/events/:id': 'events:write',
  'DELETE /api/events/:id': 'events:write',
  'POST /api/events/:id/questions': 'events:write',
  'PUT /api/events/:id/questions/order': 'events:write',
  'PATCH /api/events/:id/questions/:questionId': 'events:write',
  'DELETE /api/events/:id/questions/:questionId': 'events:write',
  'POST /api/themes': 'events:write',
  'POST /api/media': 'events:write',
  'GET /api/events/:eventId/rsvps': 'guests:read',
  'GET /api/events/:eventId/rsvps.csv': 'guests:read',
  'GET /api/events/:eventId/rsvps/:rsvpId': 'guests:read',
  'PATCH /api/events/:eventId/rsvps/:rsvpId': 'guests:write',
  'DELETE /api/events/:eventId/rsvps/:rsvpId': 'guests:write',
  'POST /api/events/:eventId/rsvps/:rsvpId/send-ticket': 'guests:write',
  'POST /api/events/:eventId/rsvps/:rsvpId/regenerate-qr': 'guests:write',
  'POST /api/events/:eventId/rsvps/:rsvpId/promote': 'guests:write',
  'POST /api/events/:eventId/rsvps/:rsvpId/short-link': 'guests:write',
  'POST /api/events/:eventId/guest-imports': 'guests:write',
  'GET /api/events/:eventId/guest-imports': 'guests:read',
  'GET /api/events/:eventId/guest-imports/:importId': 'guests:read',
  'POST /api/events/:eventId/guest-imports/:importId/preview': 'guests:write',
  'POST /api/events/:eventId/guest-imports/:importId/start': 'guests:write',
  'GET /api/checkin/events': 'checkin',
  'GET /api/checkin/:eventId/stats': 'checkin',
  'GET /api/checkin/:eventId/search': 'checkin',
  'POST /api/checkin/:eventId/verify': 'checkin',
  'POST /api/checkin/:eventId/redeem': 'checkin',
  'POST /api/checkin/:eventId/undo': 'checkin',
};

let n = 0;
const unique = () => `${Date.now()}-${n++}`;

/** An event of `owner` with `cohost` on its host list (added in mixed case and with spaces: stored normalised). */
async function cohostedEvent(overrides: Parameters<typeof createEvent>[2] = {}): Promise<TEventAdmin> {
  const e = await createEvent(t, owner, overrides);
  const res = await t.request(`/api/events/${e.id}/hosts`, {
    method: 'POST',
    json: { email: `  ${cohost.email.toUpperCase()} ` },
    cookie: owner.cookie,
  });
  expect(res.status).toBe(201);
  const staff = await t.request(`/api/events/${e.id}/hosts`, {
    method: 'POST',
    json: { email: door.email, role: 'door' },
    cookie: owner.cookie,
  });
  expect(staff.status).toBe(201);
  return e;
}

const shared = await cohostedEvent({ title: 'Shared Event' });
// With a phone: the bulk SMS rows text it (a guest without one is no recipient).
const guest = await postRsvp(t, shared.id, rsvpInput({ phone: '415 555 0142' }));
expect(guest.status).toBe(201);
const rsvpId: string = guest.body.rsvp.id;
const cancelling: string = (await postRsvp(t, shared.id, rsvpInput())).body.rsvp.id;
const manageSecret = async (id: string) =>
  (await t.db.select({ s: event_rsvps.manage_secret }).from(event_rsvps).where(eq(event_rsvps.id, id)))[0]!.s;
const qrToken = async () => (await t.db.select({ s: event_rsvps.qr_code_data }).from(event_rsvps).where(eq(event_rsvps.id, rsvpId)))[0]!.s!;
const ticketSecret = async () =>
  (await t.db.select({ s: event_rsvps.ticket_secret }).from(event_rsvps).where(eq(event_rsvps.id, rsvpId)))[0]!.s;
// The confirmation e-mail (with QR and .ics attachments) lands in the dev mailbox: no SMTP configured.
await drainOutbox(t.deps);
const [mail] = await t.db
  .select({ id: outbox.id })
  .from(outbox)
  .where(and(eq(outbox.delivered_via, 'dev-mailbox'), sql`${outbox.payload}->'confirmation' ? 'ticket'`))
  .orderBy(desc(outbox.sent_at))
  .limit(1);
const mailId = mail!.id;

const ownersJobId: string = (
  await (await t.request('/api/qr-backfill', { method: 'POST', json: { eventId: shared.id, dryRun: true }, cookie: owner.cookie })).json()
).job.id;

const ownersSmsJobId: string = (
  await (
    await t.request(`/api/events/${shared.id}/sms-jobs`, {
      method: 'POST',
      json: { rsvp_ids: [rsvpId], message: 'Hi' },
      cookie: owner.cookie,
    })
  ).json()
).job.id;

const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 80, b: 160 } } })
  .png()
  .toBuffer();

function upload(who: Actor) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  return t.request('/api/media', { method: 'POST', body: form, ...creds(who) });
}
const image: string = (await (await upload(owner)).json()).image_url;

/** A co-host invitation's token, as the invitee's e-mail carries it. */
async function invitationToken(): Promise<string> {
  const email = `invitee-${unique()}@example.com`;
  await t.request(`/api/events/${shared.id}/hosts`, { method: 'POST', json: { email }, cookie: owner.cookie });
  const [row] = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.idempotency_key, 'host-invite:%'))
    .orderBy(desc(outbox.created_at))
    .limit(1);
  const text = (row!.payload as { text: string }).text;
  return decodeURIComponent(/token=([^\s&]+)/.exec(text)![1]!);
}

async function storedSecret(id: string) {
  const [row] = await t.db
    .select({ enc: events.stripe_secret_key_enc, hint: events.stripe_secret_key_hint, price: events.ticket_price })
    .from(events)
    .where(eq(events.id, id));
  return { key: row!.enc && openSecret(t.env.ENCRYPTION_KEY, row!.enc, secretKeyContext(id)), hint: row!.hint, price: row!.price };
}

// A paid event's pending answer (sandbox provider in tests): its checkout session is the credential of
// the success page's verification and of the sandbox checkout page (docs/decisions/0015-payments.md).
const paidShared = await createEvent(t, owner, paidEventInput({ title: 'Paid Shared' }));
const paidAnswer = await postRsvp(t, paidShared.id, rsvpInput());
expect(paidAnswer.status).toBe(201);
const sandboxSession = /(cs_sandbox_\w+)$/.exec(paidAnswer.body.checkout_url as string)![1]!;
// Another, for Pay now (its manage secret is the credential).
const unpaidAnswer = await postRsvp(t, paidShared.id, rsvpInput());
expect(unpaidAnswer.status).toBe(201);

/** A paid event with the co-host on its team, and a paid answer of it paid on the sandbox's page: what a refund takes back. */
const paidCohosted = await cohostedEvent(paidEventInput({ title: 'Paid Cohosted' }));
async function paidGuest(): Promise<{ rsvpId: string; amount: number }> {
  const answer = await postRsvp(t, paidCohosted.id, rsvpInput());
  const session = /(cs_sandbox_\w+)$/.exec(answer.body.checkout_url as string)![1]!;
  await t.request(`/sandbox-checkout/${session}/pay`, { method: 'POST' });
  await t.request(`/api/public/payments/verify?session_id=${session}`);
  const [r] = await t.db
    .select({ a: event_rsvps.payment_amount, s: event_rsvps.payment_status })
    .from(event_rsvps)
    .where(eq(event_rsvps.id, answer.body.rsvp.id));
  expect(r!.s).toBe('paid');
  return { rsvpId: answer.body.rsvp.id, amount: r!.a! };
}

// A full event with a waitlist (docs/product.md#waitlist): one party waiting, moved up by staff.
const waitlisted = await cohostedEvent({ title: 'Waitlist Event', max_attendees: 1, waitlist_offer_hours: 24 });
expect((await postRsvp(t, waitlisted.id, rsvpInput())).status).toBe(201);
const waitingParty: string = (
  await (
    await t.request(`/api/public/events/${waitlisted.id}/waitlist`, {
      method: 'POST',
      json: { name: 'Wes', email: `wes-${Date.now()}@example.com`, guest_count: 1 },
    })
  ).json()
).rsvp.id;
const positionOf = async (id: string) =>
  (await t.db.select({ p: event_rsvps.waitlist_position, s: event_rsvps.status }).from(event_rsvps).where(eq(event_rsvps.id, id)))[0];
/** The shared event's questions, as its owner reads them; one is added when none is left. */
const questions = async (): Promise<{ id: string; label: string }[]> =>
  (await (await t.request(`/api/events/${shared.id}/questions`, { cookie: owner.cookie })).json()).questions;
const questionLabels = async () => (await questions()).map((q) => q.label);
async function questionId(): Promise<string> {
  const [q] = await questions();
  if (q) return q.id;
  const res = await t.request(`/api/events/${shared.id}/questions`, {
    method: 'POST',
    json: { kind: 'checkbox', label: 'House rules' },
    cookie: owner.cookie,
  });
  return (await res.json()).question.id;
}

const STRIPE_PK = 'pk_test_51HmatrixPublishable000';
const STRIPE_SK = 'sk_test_51HmatrixSecret0000000001';
/** Saves `who`'s own Stripe account (as the Account page does). */
const saveStripeAccount = (who: Actor) =>
  t.request('/api/stripe-account', {
    method: 'PUT',
    json: { publishable_key: STRIPE_PK, secret_key: STRIPE_SK, webhook_secret: 'whsec_matrixMatrix00000000000' },
    ...creds(who),
  });
/** An event of its own for ticket types (docs/product.md#ticket-types): types change how its RSVP form answers. */
const typed = await cohostedEvent({ title: 'Typed Event' });
const typeNames = async (): Promise<{ id: string; name: string }[]> =>
  (await (await t.request(`/api/events/${typed.id}/ticket-types`, { cookie: owner.cookie })).json()).ticket_types;
async function typeId(): Promise<string> {
  const [x] = await typeNames();
  if (x) return x.id;
  const res = await t.request(`/api/events/${typed.id}/ticket-types`, {
    method: 'POST',
    json: { name: 'General', price: 0 },
    cookie: owner.cookie,
  });
  return (await res.json()).ticket_type.id;
}

/** An upload of a two-guest CSV to the shared event, as `who`; importId() is one the owner made. */
const uploadGuests = (who: Actor) =>
  t.request(`/api/events/${shared.id}/guest-imports`, {
    method: 'POST',
    body: `Name,Email\nImported ${unique()},imported.${unique()}@example.com\n`,
    headers: { 'content-type': 'text/csv' },
    ...creds(who),
  });
let ownerImport: string | undefined;
const importId = async () => (ownerImport ??= (await (await uploadGuests(owner)).json()).import.id as string);

/** The typed event's promo codes (docs/product.md#promo-codes): one kept for the PATCH and DELETE rows. */
const codeList = async (): Promise<{ id: string; code: string; value: number }[]> =>
  (await (await t.request(`/api/events/${typed.id}/promo-codes`, { cookie: owner.cookie })).json()).promo_codes;
async function codeId(): Promise<string> {
  const [x] = await codeList();
  if (x) return x.id;
  const res = await t.request(`/api/events/${typed.id}/promo-codes`, {
    method: 'POST',
    json: { code: `KEEP${n++}`, kind: 'percent', value: 10 },
    cookie: owner.cookie,
  });
  return (await res.json()).promo_code.id;
}
const chargesOf = async () => (await (await t.request(`/api/events/${typed.id}/charges`, { cookie: owner.cookie })).json()).charges;

type Cells = Record<Who, number>;
type Row = {
  /** `METHOD /path` as the app registers it (Hono's app.routes). */
  route: string;
  /** What this row sends, when a route has more than one row. */
  variant?: string;
  expect: Cells;
  send: (who: Actor) => Response | Promise<Response>;
  /** After a refused request (401/403/404): the state it tried to change is as it was. */
  unchanged?: (who: Actor) => Promise<void>;
  /** A key of the row's scope, where it gets another answer than the owner (payment settings need a session). */
  keyExpect?: number;
};

const signedIn = (status: number): Cells => ({
  anonymous: 401,
  stranger: status,
  admin: status,
  door: status,
  cohost: status,
  owner: status,
});
const publicRoute = (status: number): Cells => ({
  anonymous: status,
  stranger: status,
  admin: status,
  door: status,
  cohost: status,
  owner: status,
});
/** Door staff manage nothing: the event's admin, guests and exports answer them 404 as to a stranger. */
const manage = (status: number): Cells => ({ anonymous: 401, stranger: 404, admin: 404, door: 404, cohost: status, owner: status });
const ownerOnly = (status: number): Cells => ({ anonymous: 401, stranger: 404, admin: 404, door: 404, cohost: 403, owner: status });
/** The check-in screens of the event: its whole team (docs/decisions/0011-event-roles.md). */
const checkin = (status: number): Cells => ({ anonymous: 401, stranger: 404, admin: 404, door: status, cohost: status, owner: status });
const adminOnly: Cells = { anonymous: 401, stranger: 403, admin: 200, door: 403, cohost: 403, owner: 403 };

/** The webhook management routes (docs/decisions/0030-webhooks.md): session only. */
const WEBHOOK_ROUTES = [
  'GET /api/account/webhooks',
  'POST /api/account/webhooks',
  'PATCH /api/account/webhooks/:id',
  'DELETE /api/account/webhooks/:id',
  'POST /api/account/webhooks/:id/rotate-secret',
  'GET /api/account/webhooks/:id/deliveries',
  'POST /api/account/webhooks/:id/deliveries/:deliveryId/resend',
];

/** Routes that touch no event and no guest. */
const NOT_EVENT_ROUTES = [
  'GET /livez',
  'GET /healthz',
  'GET /metrics',
  // The Better Auth endpoints the app forwards (auth/auth.routes.ts authEndpoints; anything else is 404:
  // tests/security/auth-surface.test.ts), described for the OpenAPI document; tested in account-*.test.ts
  'GET /api/auth/get-session',
  'GET /api/auth/list-sessions',
  'GET /api/auth/verify-email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/update-user',
  'POST /api/auth/change-email',
  'POST /api/auth/change-password',
  'POST /api/auth/revoke-session',
  'POST /api/auth/revoke-other-sessions',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/verify-totp',
  'POST /api/auth/two-factor/verify-backup-code',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'GET /api/setup',
  'POST /api/setup/owner',
  // The owner's People page and settings (touch accounts, not one event): matrix in people.test.ts
  'GET /api/people',
  'POST /api/people/invitations',
  'POST /api/people/:id/deactivate',
  'POST /api/people/:id/reactivate',
  'GET /api/settings',
  'PATCH /api/settings',
  // The signed-in user's API keys (session only): tests/integration/api-keys.test.ts
  'GET /api/account/api-keys',
  'POST /api/account/api-keys',
  'DELETE /api/account/api-keys/:id',
  // The signed-in user's calendar feed (session only): tests/integration/calendar-feeds.test.ts
  'GET /api/account/calendar-feed',
  'POST /api/account/calendar-feed',
  'DELETE /api/account/calendar-feed',
  // The signed-in user's webhook endpoints and their delivery logs (session only, no key scope opens them; another
  // user's endpoint is 404): tests/integration/webhooks.test.ts, and the key refusals in the test below
  ...WEBHOOK_ROUTES,
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /*',
];

/** A refused check-in or undo: nobody off the team leaves a trace in the check-in log. */
async function noCheckinTrace(who: Actor) {
  const id = (who as { id?: string }).id;
  if (id) expect(await t.db.select().from(checkins).where(eq(checkins.user_id, id))).toEqual([]);
}

/** The owner's feed of the shared event (made once): the public /cal route's row reads it. */
let eventFeedUrl: string | undefined;
async function ownersEventFeed(): Promise<string> {
  if (!eventFeedUrl) {
    const res = await t.request(`/api/events/${shared.id}/calendar-feed`, { method: 'POST', cookie: owner.cookie });
    eventFeedUrl = (await res.json()).feed.url as string;
  }
  return eventFeedUrl;
}

const ROUTES: Row[] = [
  // Events CRUD
  { route: 'GET /api/events', expect: signedIn(200), send: (who) => t.request('/api/events', { ...creds(who) }) },
  {
    route: 'POST /api/events',
    expect: signedIn(201),
    send: (who) => t.request('/api/events', { method: 'POST', json: { title: 'New', event_date: futureDate() }, ...creds(who) }),
  },
  { route: 'GET /api/events/:id', expect: manage(200), send: (who) => t.request(`/api/events/${shared.id}`, { ...creds(who) }) },
  {
    route: 'PATCH /api/events/:id',
    variant: 'content (title, texts, date, location, capacity)',
    expect: manage(200),
    send: (who) =>
      t.request(`/api/events/${shared.id}`, {
        method: 'PATCH',
        json: { subtitle: `edit ${unique()}`, location: 'Elsewhere', max_attendees: 80, event_date: futureDate(40) },
        ...creds(who),
      }),
  },
  (() => {
    let e: TEventAdmin;
    return {
      route: 'PATCH /api/events/:id',
      variant: 'payment settings changed (price, keys)',
      expect: ownerOnly(200),
      keyExpect: 403,
      send: async (who: Actor) => {
        e = await cohostedEvent(paidEventInput());
        return t.request(`/api/events/${e.id}`, {
          method: 'PATCH',
          json: { ticket_price: 30, stripe_secret_key: 'sk_test_51Hfake0000changed0000wxyz' },
          ...creds(who),
        });
      },
      unchanged: async () => expect(await storedSecret(e.id)).toMatchObject({ key: paidEventInput().stripe_secret_key, price: '25.00' }),
    };
  })(),
  (() => {
    let e: TEventAdmin;
    return {
      route: 'PATCH /api/events/:id',
      variant: 'payment settings sent back unchanged, with the masked secret key',
      expect: manage(200),
      send: async (who: Actor) => {
        e = await cohostedEvent(paidEventInput());
        const res = await t.request(`/api/events/${e.id}`, {
          method: 'PATCH',
          json: {
            title: 'Renamed',
            is_paid_event: e.is_paid_event,
            ticket_price: e.ticket_price,
            currency: e.currency,
            stripe_publishable_key: e.stripe_publishable_key,
            stripe_secret_key: e.stripe_secret_key_masked,
          },
          ...creds(who),
        });
        // The masked hint stands for the stored key: it is kept, never stored as the key.
        if (res.status === 200) expect(await storedSecret(e.id)).toMatchObject({ key: paidEventInput().stripe_secret_key });
        return res;
      },
    };
  })(),
  (() => {
    let e: TEventAdmin;
    return {
      route: 'PATCH /api/events/:id',
      variant: "one-click switch to the owner's own Stripe account",
      expect: ownerOnly(200),
      keyExpect: 403,
      send: async (who: Actor) => {
        e = await cohostedEvent(paidEventInput());
        // Each actor has an account of their own saved: only the owner's may be chosen, by the owner.
        await saveStripeAccount(who);
        return t.request(`/api/events/${e.id}`, { method: 'PATCH', json: { use_host_stripe_account: true }, ...creds(who) });
      },
      unchanged: async () => {
        const [row] = await t.db.select({ a: events.stripe_account_id }).from(events).where(eq(events.id, e.id));
        expect(row!.a).toBeNull();
        expect(await storedSecret(e.id)).toMatchObject({ key: paidEventInput().stripe_secret_key });
      },
    };
  })(),
  (() => {
    let e: TEventAdmin;
    return {
      route: 'DELETE /api/events/:id',
      expect: ownerOnly(204),
      send: async (who: Actor) => {
        e = await cohostedEvent();
        return t.request(`/api/events/${e.id}`, { method: 'DELETE', ...creds(who) });
      },
      unchanged: async () => expect((await t.request(`/api/events/${e.id}`, { cookie: owner.cookie })).status).toBe(200),
    };
  })(),
  // Hosts (co-host invitations are created here)
  {
    route: 'GET /api/events/:id/hosts',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/hosts`, { ...creds(who) }),
  },
  (() => {
    let email = '';
    return {
      route: 'POST /api/events/:id/hosts',
      variant: 'adds a co-host (an invitation for an e-mail without an account)',
      expect: ownerOnly(201),
      send: (who: Actor) => {
        email = `added-${unique()}@example.com`;
        return t.request(`/api/events/${shared.id}/hosts`, { method: 'POST', json: { email }, ...creds(who) });
      },
      unchanged: async () => {
        const hosts = (await (await t.request(`/api/events/${shared.id}/hosts`, { cookie: owner.cookie })).json()).hosts;
        expect(hosts.map((h: { email: string }) => h.email)).not.toContain(email);
      },
    };
  })(),
  (() => {
    let email = '';
    return {
      route: 'PATCH /api/events/:id/hosts/:email',
      expect: ownerOnly(200),
      send: async (who: Actor) => {
        email = `promoted-${unique()}@example.com`;
        await t.request(`/api/events/${shared.id}/hosts`, { method: 'POST', json: { email, role: 'door' }, cookie: owner.cookie });
        return t.request(`/api/events/${shared.id}/hosts/${encodeURIComponent(email)}`, {
          method: 'PATCH',
          json: { role: 'cohost' },
          ...creds(who),
        });
      },
      unchanged: async () => {
        const hosts = (await (await t.request(`/api/events/${shared.id}/hosts`, { cookie: owner.cookie })).json()).hosts;
        expect(hosts.find((h: { email: string }) => h.email === email)?.role).toBe('door');
      },
    };
  })(),
  // The RSVP form's questions (docs/product.md#custom-questions): owner and co-hosts; door staff 404
  {
    route: 'GET /api/events/:id/questions',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/questions`, { ...creds(who) }),
  },
  {
    route: 'POST /api/events/:id/questions',
    expect: manage(201),
    send: (who) =>
      t.request(`/api/events/${shared.id}/questions`, {
        method: 'POST',
        json: { kind: 'short_text', label: 'Dietary needs' },
        ...creds(who),
      }),
    unchanged: async () => expect(await questionLabels()).not.toContain('Dietary needs'),
  },
  {
    route: 'PUT /api/events/:id/questions/order',
    expect: manage(200),
    send: async (who) => {
      const ids = (await questions()).map((q) => q.id).reverse();
      return t.request(`/api/events/${shared.id}/questions/order`, { method: 'PUT', json: { ids }, ...creds(who) });
    },
  },
  {
    route: 'PATCH /api/events/:id/questions/:questionId',
    expect: manage(200),
    send: async (who) =>
      t.request(`/api/events/${shared.id}/questions/${await questionId()}`, {
        method: 'PATCH',
        json: { label: `Renamed by ${who === owner || who.bearer ? 'owner' : 'someone'}` },
        ...creds(who),
      }),
    unchanged: async () => expect(await questionLabels()).not.toContain('Renamed by someone'),
  },
  {
    route: 'DELETE /api/events/:id/questions/:questionId',
    expect: manage(204),
    send: async (who) => t.request(`/api/events/${shared.id}/questions/${await questionId()}`, { method: 'DELETE', ...creds(who) }),
    unchanged: async () => expect((await questions()).length).toBeGreaterThan(0),
  },
  // Ticket types (docs/product.md#ticket-types): owner and co-hosts; door staff 404
  {
    route: 'GET /api/events/:id/ticket-types',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${typed.id}/ticket-types`, { ...creds(who) }),
  },
  {
    route: 'POST /api/events/:id/ticket-types',
    expect: manage(201),
    send: (who) =>
      t.request(`/api/events/${typed.id}/ticket-types`, { method: 'POST', json: { name: 'Early bird', price: 0 }, ...creds(who) }),
    unchanged: async () => expect((await typeNames()).map((x) => x.name)).not.toContain('Early bird'),
  },
  {
    route: 'PATCH /api/events/:id/ticket-types/:typeId',
    expect: manage(200),
    send: async (who) =>
      t.request(`/api/events/${typed.id}/ticket-types/${await typeId()}`, {
        method: 'PATCH',
        json: { name: `Renamed by ${who === owner ? 'owner' : 'someone'}` },
        ...creds(who),
      }),
    unchanged: async () => expect((await typeNames()).map((x) => x.name)).not.toContain('Renamed by someone'),
  },
  {
    route: 'DELETE /api/events/:id/ticket-types/:typeId',
    expect: manage(204),
    send: async (who) => t.request(`/api/events/${typed.id}/ticket-types/${await typeId()}`, { method: 'DELETE', ...creds(who) }),
    unchanged: async () => expect((await typeNames()).length).toBeGreaterThan(0),
  },
  // Promo codes, tax and fee (docs/product.md#promo-codes, #taxes-and-fees): owner and co-hosts; door staff 404
  {
    route: 'GET /api/events/:id/promo-codes',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${typed.id}/promo-codes`, { ...creds(who) }),
  },
  {
    route: 'POST /api/events/:id/promo-codes',
    expect: manage(201),
    send: (who) =>
      t.request(`/api/events/${typed.id}/promo-codes`, {
        method: 'POST',
        json: { code: `${who === owner || who === cohost ? 'NEW' : 'BAD'}${n++}`, kind: 'amount', value: 500 },
        ...creds(who),
      }),
    unchanged: async () => expect((await codeList()).filter((x) => x.code.startsWith('BAD'))).toEqual([]),
  },
  {
    route: 'PATCH /api/events/:id/promo-codes/:codeId',
    expect: manage(200),
    send: async (who) =>
      t.request(`/api/events/${typed.id}/promo-codes/${await codeId()}`, {
        method: 'PATCH',
        json: { value: who === owner ? 15 : 99 },
        ...creds(who),
      }),
    unchanged: async () => expect((await codeList()).map((x) => x.value)).not.toContain(99),
  },
  {
    route: 'DELETE /api/events/:id/promo-codes/:codeId',
    expect: manage(204),
    send: async (who) => t.request(`/api/events/${typed.id}/promo-codes/${await codeId()}`, { method: 'DELETE', ...creds(who) }),
    unchanged: async () => expect((await codeList()).length).toBeGreaterThan(0),
  },
  {
    route: 'GET /api/events/:id/charges',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${typed.id}/charges`, { ...creds(who) }),
  },
  {
    route: 'PUT /api/events/:id/charges',
    expect: manage(200),
    send: (who) =>
      t.request(`/api/events/${typed.id}/charges`, {
        method: 'PUT',
        json: { tax_name: null, tax_rate_bp: null, tax_inclusive: false, booking_fee: who === owner || who === cohost ? 0 : 999 },
        ...creds(who),
      }),
    unchanged: async () => expect((await chargesOf()).booking_fee).not.toBe(999),
  },
  // Check-in: the event's whole team, door staff included
  { route: 'GET /api/checkin/events', expect: signedIn(200), send: (who) => t.request('/api/checkin/events', { ...creds(who) }) },
  {
    route: 'GET /api/checkin/:eventId/stats',
    expect: checkin(200),
    send: (who) => t.request(`/api/checkin/${shared.id}/stats`, { ...creds(who) }),
  },
  {
    route: 'GET /api/checkin/:eventId/stream',
    expect: checkin(200),
    send: async (who) => {
      const controller = new AbortController();
      const res = await t.app.request(`${TEST_ORIGIN}/api/checkin/${shared.id}/stream`, {
        headers: { cookie: who.cookie, ...(who.bearer ? { authorization: `Bearer ${who.bearer}` } : {}) },
        signal: controller.signal,
      });
      if (res.status !== 200) return res;
      controller.abort();
      return new Response(null, { status: 200 });
    },
  },
  {
    route: 'GET /api/checkin/:eventId/search',
    expect: checkin(200),
    send: (who) => t.request(`/api/checkin/${shared.id}/search?q=guest`, { ...creds(who) }),
  },
  {
    route: 'POST /api/checkin/:eventId/verify',
    expect: checkin(200),
    send: async (who) => t.request(`/api/checkin/${shared.id}/verify`, { method: 'POST', json: { code: await qrToken() }, ...creds(who) }),
  },
  {
    route: 'POST /api/checkin/:eventId/redeem',
    expect: checkin(200),
    send: async (who) =>
      t.request(`/api/checkin/${shared.id}/redeem`, {
        method: 'POST',
        json: { code: await qrToken(), nonce: `n-${unique()}` },
        ...creds(who),
      }),
    unchanged: noCheckinTrace,
  },
  {
    route: 'POST /api/checkin/:eventId/undo',
    expect: checkin(200),
    send: (who) =>
      t.request(`/api/checkin/${shared.id}/undo`, {
        method: 'POST',
        json: { rsvp_id: rsvpId, nonce: `n-${unique()}` },
        ...creds(who),
      }),
    unchanged: noCheckinTrace,
  },
  // The offline door (docs/decisions/0035-offline-door.md): the team, on a session only (an API key is 403)
  {
    // Which devices hold the guest list: the owner and co-hosts, as for the team list (door staff 404).
    route: 'GET /api/checkin/:eventId/offline',
    expect: manage(200),
    send: (who) => t.request(`/api/checkin/${shared.id}/offline`, { ...creds(who) }),
  },
  {
    route: 'POST /api/checkin/:eventId/offline',
    expect: checkin(200),
    send: (who) => t.request(`/api/checkin/${shared.id}/offline`, { method: 'POST', json: { device: 'Door 1' }, ...creds(who) }),
  },
  {
    route: 'POST /api/checkin/:eventId/offline/:deviceId/sync',
    expect: checkin(200),
    send: async (who) => {
      const prepared = await t.request(`/api/checkin/${shared.id}/offline`, { method: 'POST', json: {}, ...creds(who) });
      const device = prepared.status === 200 ? (await prepared.json()).device_id : '00000000-0000-4000-8000-000000000000';
      return t.request(`/api/checkin/${shared.id}/offline/${device}/sync`, { method: 'POST', json: { scans: [] }, ...creds(who) });
    },
  },
  {
    route: 'DELETE /api/checkin/:eventId/offline/:deviceId',
    expect: checkin(204),
    send: async (who) => {
      // Door staff remove their own device; anyone else revokes a phone of theirs, whose session then prepares no other.
      const phone =
        who === door
          ? door.cookie
          : cookiesFrom(
              await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: door.email, password: TEST_PASSWORD } }),
            );
      const prepared = await t.request(`/api/checkin/${shared.id}/offline`, { method: 'POST', json: {}, cookie: phone });
      const device = (await prepared.json()).device_id;
      return t.request(`/api/checkin/${shared.id}/offline/${device}`, { method: 'DELETE', ...creds(who) });
    },
  },
  {
    route: 'POST /api/ticket-verification',
    expect: publicRoute(200),
    send: async (who) => t.request('/api/ticket-verification', { method: 'POST', json: { code: await qrToken() }, ...creds(who) }),
  },
  (() => {
    let email = '';
    return {
      route: 'DELETE /api/events/:id/hosts/:email',
      expect: ownerOnly(204),
      send: async (who: Actor) => {
        email = `removable-${unique()}@example.com`;
        await t.request(`/api/events/${shared.id}/hosts`, { method: 'POST', json: { email }, cookie: owner.cookie });
        return t.request(`/api/events/${shared.id}/hosts/${encodeURIComponent(email)}`, { method: 'DELETE', ...creds(who) });
      },
      unchanged: async () => {
        const hosts = (await (await t.request(`/api/events/${shared.id}/hosts`, { cookie: owner.cookie })).json()).hosts;
        expect(hosts.map((h: { email: string }) => h.email)).toContain(email);
      },
    };
  })(),
  // Guests
  (() => {
    let before = 0;
    return {
      route: 'POST /api/events/:eventId/rsvps/:rsvpId/regenerate-qr',
      expect: manage(200),
      send: async (who: Actor) => {
        before = (await t.db.select({ v: event_rsvps.qr_version }).from(event_rsvps).where(eq(event_rsvps.id, rsvpId)))[0]!.v;
        return t.request(`/api/events/${shared.id}/rsvps/${rsvpId}/regenerate-qr`, { method: 'POST', ...creds(who) });
      },
      unchanged: async () => {
        const [row] = await t.db.select({ v: event_rsvps.qr_version }).from(event_rsvps).where(eq(event_rsvps.id, rsvpId));
        expect(row!.v).toBe(before);
      },
    };
  })(),
  // Guest list (docs/product.md#guest-list)
  {
    route: 'GET /api/events/:eventId/rsvps',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/rsvps?q=ada`, { ...creds(who) }),
  },
  {
    route: 'GET /api/events/:eventId/rsvps.csv',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/rsvps.csv`, { ...creds(who) }),
  },
  {
    route: 'GET /api/dashboard/summary',
    expect: signedIn(200),
    send: (who) => t.request('/api/dashboard/summary', { ...creds(who) }),
  },
  {
    route: 'GET /api/events/:eventId/rsvps/:rsvpId',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/rsvps/${rsvpId}`, { ...creds(who) }),
  },
  (() => {
    const count = async () => (await t.db.select({ n: event_rsvps.guest_count }).from(event_rsvps).where(eq(event_rsvps.id, rsvpId)))[0]!.n;
    let before = 0;
    return {
      route: 'PATCH /api/events/:eventId/rsvps/:rsvpId',
      expect: manage(200),
      send: async (who: Actor) => {
        before = await count();
        return t.request(`/api/events/${shared.id}/rsvps/${rsvpId}`, {
          method: 'PATCH',
          json: { guest_count: before === 1 ? 2 : 1 },
          ...creds(who),
        });
      },
      unchanged: async () => expect(await count()).toBe(before),
    };
  })(),
  (() => {
    let id = '';
    return {
      route: 'DELETE /api/events/:eventId/rsvps/:rsvpId',
      expect: manage(204),
      send: async (who: Actor) => {
        id = (await postRsvp(t, shared.id, rsvpInput())).body.rsvp.id;
        return t.request(`/api/events/${shared.id}/rsvps/${id}`, { method: 'DELETE', ...creds(who) });
      },
      unchanged: async () => expect(await t.db.select().from(event_rsvps).where(eq(event_rsvps.id, id))).toHaveLength(1),
    };
  })(),
  (() => {
    let before: Awaited<ReturnType<typeof positionOf>>;
    return {
      route: 'POST /api/events/:eventId/rsvps/:rsvpId/promote',
      expect: manage(200),
      send: async (who: Actor) => {
        before = await positionOf(waitingParty);
        return t.request(`/api/events/${waitlisted.id}/rsvps/${waitingParty}/promote`, { method: 'POST', ...creds(who) });
      },
      unchanged: async () => expect(await positionOf(waitingParty)).toEqual(before),
    };
  })(),
  {
    route: 'POST /api/events/:eventId/rsvps/:rsvpId/send-ticket',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/rsvps/${rsvpId}/send-ticket`, { method: 'POST', ...creds(who) }),
  },
  (() => {
    let target = { rsvpId: '', amount: 0 };
    return {
      // docs/product.md#refunds: the owner's alone (a co-host is told so), a session's, never a key's.
      route: 'POST /api/events/:eventId/rsvps/:rsvpId/refunds',
      expect: ownerOnly(200),
      send: async (who: Actor) => {
        target = await paidGuest();
        return t.request(`/api/events/${paidCohosted.id}/rsvps/${target.rsvpId}/refunds`, {
          method: 'POST',
          json: { expected_amount: target.amount },
          ...creds(who),
        });
      },
      unchanged: async () => {
        const [r] = await t.db
          .select({ s: event_rsvps.payment_status, a: event_rsvps.refunded_amount })
          .from(event_rsvps)
          .where(eq(event_rsvps.id, target.rsvpId));
        expect(r).toEqual({ s: 'paid', a: 0 });
      },
    };
  })(),
  {
    route: 'POST /api/events/:eventId/rsvps/send-tickets',
    expect: manage(202),
    send: (who) => t.request(`/api/events/${shared.id}/rsvps/send-tickets`, { method: 'POST', json: { ids: [rsvpId] }, ...creds(who) }),
  },
  // An event's own calendar feed (docs/product.md#calendar-feed): owner and co-hosts, a session only (no key scope)
  {
    route: 'GET /api/events/:eventId/calendar-feed',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/calendar-feed`, { ...creds(who) }),
  },
  {
    route: 'POST /api/events/:eventId/calendar-feed',
    expect: manage(201),
    send: (who) => t.request(`/api/events/${shared.id}/calendar-feed`, { method: 'POST', ...creds(who) }),
  },
  {
    route: 'DELETE /api/events/:eventId/calendar-feed',
    expect: manage(204),
    send: (who) => t.request(`/api/events/${shared.id}/calendar-feed`, { method: 'DELETE', ...creds(who) }),
  },
  // The feed itself: its token is the credential, the same answer whoever asks (tests/integration/calendar-feeds.test.ts)
  {
    route: 'GET /cal/:file',
    expect: publicRoute(200),
    send: async (who) => t.request(new URL(await ownersEventFeed()).pathname, { ...creds(who) }),
  },
  // Guest import (docs/product.md#guest-import): owner and co-hosts; each start needs its own upload.
  {
    route: 'POST /api/events/:eventId/guest-imports',
    expect: manage(201),
    send: (who) => uploadGuests(who),
  },
  {
    route: 'GET /api/events/:eventId/guest-imports',
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/guest-imports`, { ...creds(who) }),
  },
  {
    route: 'GET /api/events/:eventId/guest-imports/:importId',
    expect: manage(200),
    send: async (who) => t.request(`/api/events/${shared.id}/guest-imports/${await importId()}`, { ...creds(who) }),
  },
  {
    route: 'POST /api/events/:eventId/guest-imports/:importId/preview',
    expect: manage(200),
    send: async (who) =>
      t.request(`/api/events/${shared.id}/guest-imports/${await importId()}/preview`, {
        method: 'POST',
        json: { mapping: { name: 0, email: 1 } },
        ...creds(who),
      }),
  },
  {
    route: 'POST /api/events/:eventId/guest-imports/:importId/start',
    expect: manage(202),
    send: async (who) => {
      const id = (await (await uploadGuests(owner)).json()).import.id;
      return t.request(`/api/events/${shared.id}/guest-imports/${id}/start`, {
        method: 'POST',
        json: { mapping: { name: 0, email: 1 } },
        ...creds(who),
      });
    },
  },
  {
    route: 'POST /api/events/:eventId/rsvps/:rsvpId/short-link',
    expect: manage(201),
    send: async (who) => {
      const id = (await postRsvp(t, shared.id, rsvpInput())).body.rsvp.id;
      return t.request(`/api/events/${shared.id}/rsvps/${id}/short-link`, {
        method: 'POST',
        json: { target: 'ticket' },
        ...creds(who),
      });
    },
  },
  {
    route: 'POST /api/qr-backfill',
    expect: manage(202),
    // Another limit than ownersJobId's: the same backfill while that one is queued would be refused (409).
    send: (who) => t.request('/api/qr-backfill', { method: 'POST', json: { eventId: shared.id, dryRun: true, limit: 10 }, ...creds(who) }),
  },
  {
    route: 'GET /api/jobs/:jobId',
    // Only whoever started the job.
    expect: { anonymous: 401, stranger: 404, admin: 404, door: 404, cohost: 404, owner: 200 },
    send: (who) => t.request(`/api/jobs/${ownersJobId}`, { ...creds(who) }),
  },
  {
    route: 'POST /api/events/:eventId/rsvps/:rsvpId/sms',
    expect: manage(200),
    send: async (who) => {
      const id = (await postRsvp(t, shared.id, rsvpInput({ phone: '415 555 0123' }))).body.rsvp.id;
      return t.request(`/api/events/${shared.id}/rsvps/${id}/sms`, { method: 'POST', ...creds(who) });
    },
  },
  {
    route: 'POST /api/events/:eventId/sms-jobs',
    expect: manage(202),
    send: (who) =>
      t.request(`/api/events/${shared.id}/sms-jobs`, { method: 'POST', json: { rsvp_ids: [rsvpId], message: 'Hi' }, ...creds(who) }),
  },
  {
    route: 'GET /api/events/:eventId/sms-jobs',
    // The event's message history: its owner and co-hosts (every host's sends).
    expect: manage(200),
    send: (who) => t.request(`/api/events/${shared.id}/sms-jobs`, { ...creds(who) }),
  },
  {
    route: 'GET /api/sms-jobs/:jobId',
    // Only whoever started the job.
    expect: { anonymous: 401, stranger: 404, admin: 404, door: 404, cohost: 404, owner: 200 },
    send: (who) => t.request(`/api/sms-jobs/${ownersSmsJobId}`, { ...creds(who) }),
  },
  {
    route: 'POST /api/sms-jobs/:jobId/cancel',
    expect: { anonymous: 401, stranger: 404, admin: 404, door: 404, cohost: 404, owner: 200 },
    send: (who) => t.request(`/api/sms-jobs/${ownersSmsJobId}/cancel`, { method: 'POST', ...creds(who) }),
  },
  {
    route: 'POST /api/send-sms',
    // The instance owner only (the admin here); event owners and co-hosts get 403 (tests/integration/sms.test.ts).
    // No Twilio configured here: 200 with code MISSING_API_KEY.
    expect: { anonymous: 401, stranger: 403, admin: 200, door: 403, cohost: 403, owner: 403 },
    send: (who) => t.request('/api/send-sms', { method: 'POST', json: { to: '4155550123', message: 'Hi' }, ...creds(who) }),
  },
  {
    route: 'GET /s/:code',
    expect: publicRoute(302),
    send: async (who) => {
      const id = (await postRsvp(t, shared.id, rsvpInput())).body.rsvp.id;
      const res = await t.request(`/api/events/${shared.id}/rsvps/${id}/short-link`, {
        method: 'POST',
        json: { target: 'ticket' },
        cookie: owner.cookie,
      });
      return t.request(`/s/${(await res.json()).code}`, { ...creds(who) });
    },
  },
  // Themes and media: any signed-in host, for their own events
  { route: 'GET /api/themes', expect: signedIn(200), send: (who) => t.request('/api/themes', { ...creds(who) }) },
  {
    route: 'POST /api/themes',
    expect: signedIn(201),
    send: (who) =>
      t.request('/api/themes', {
        method: 'POST',
        json: {
          name: `Theme ${unique()}`,
          colors: { primary: '#111111', secondary: '#222222', accent: '#333333', background: '#ffffff', text: '#000000' },
        },
        ...creds(who),
      }),
  },
  {
    route: 'POST /api/media',
    expect: signedIn(201),
    send: upload,
  },
  { route: 'GET /media/:name', expect: publicRoute(200), send: (who) => t.request(image, { ...creds(who) }) },
  // Dev mailbox: guests' messages, the site admin only
  { route: 'GET /api/dev-mailbox', expect: adminOnly, send: (who) => t.request('/api/dev-mailbox', { ...creds(who) }) },
  { route: 'GET /api/dev-mailbox/:id', expect: adminOnly, send: (who) => t.request(`/api/dev-mailbox/${mailId}`, { ...creds(who) }) },
  {
    route: 'GET /api/dev-mailbox/:id/attachments/:index',
    expect: adminOnly,
    send: (who) => t.request(`/api/dev-mailbox/${mailId}/attachments/0`, { ...creds(who) }),
  },
  // Public: the same answer whoever asks
  {
    route: 'GET /api/public/events',
    expect: publicRoute(200),
    send: (who) => t.request(`/api/public/events?id=${shared.id}`, { ...creds(who) }),
  },
  {
    route: 'GET /api/public/events/:idOrSlug',
    expect: publicRoute(200),
    send: (who) => t.request(`/api/public/events/${shared.slug}`, { ...creds(who) }),
  },
  {
    route: 'GET /api/public/events/:eventId/calendar.ics',
    expect: publicRoute(200),
    send: (who) => t.request(`/api/public/events/${shared.id}/calendar.ics`, { ...creds(who) }),
  },
  {
    route: 'GET /api/public/events/:eventId/seats',
    expect: publicRoute(200),
    send: (who) => t.request(`/api/public/events/${shared.id}/seats`, { ...creds(who) }),
  },
  {
    route: 'POST /api/public/events/:eventId/promo-codes/check',
    variant: 'an unknown code',
    expect: publicRoute(400),
    send: (who) => t.request(`/api/public/events/${typed.id}/promo-codes/check`, { method: 'POST', json: { code: 'NOPE' }, ...creds(who) }),
  },
  {
    route: 'POST /api/public/events/:eventId/rsvps',
    expect: publicRoute(201),
    send: (who) => t.request(`/api/public/events/${shared.id}/rsvps`, { method: 'POST', json: rsvpInput(), ...creds(who) }),
  },
  {
    route: 'POST /api/public/events/:id/legacy-rsvp',
    variant: 'not the sample event',
    expect: publicRoute(404),
    unchanged: async () => expect(await t.db.select().from(event_rsvps).where(eq(event_rsvps.type, 'legacy'))).toEqual([]),
    send: (who) =>
      t.request(`/api/public/events/${shared.id}/legacy-rsvp`, {
        method: 'POST',
        json: { preferred_name: 'Bo', phone: `+1415555${String(n++).padStart(4, '0')}`, rsvp: true },
        ...creds(who),
      }),
  },
  // A guest's manage secret is the credential of their answer (a cancel rotates it: read the current one).
  {
    route: 'GET /api/public/rsvps/:manageSecret',
    expect: publicRoute(200),
    send: async (who) => t.request(`/api/public/rsvps/${await manageSecret(rsvpId)}`, { ...creds(who) }),
  },
  {
    route: 'PUT /api/public/rsvps/:manageSecret',
    expect: publicRoute(200),
    send: async (who) =>
      t.request(`/api/public/rsvps/${await manageSecret(rsvpId)}`, {
        method: 'PUT',
        json: { name: `Guest ${n++}`, guest_count: 1, status: 'confirmed' },
        ...creds(who),
      }),
  },
  {
    route: 'POST /api/public/rsvps/:manageSecret/cancel',
    expect: publicRoute(200),
    send: async (who) => t.request(`/api/public/rsvps/${await manageSecret(cancelling)}/cancel`, { method: 'POST', ...creds(who) }),
  },
  {
    route: 'PUT /api/public/rsvps/:manageSecret/reminders',
    expect: publicRoute(200),
    send: async (who) =>
      t.request(`/api/public/rsvps/${await manageSecret(rsvpId)}/reminders`, {
        method: 'PUT',
        json: { reminders: 'on' },
        ...creds(who),
      }),
  },
  {
    route: 'POST /api/public/rsvps/:manageSecret/reminders/one-click',
    expect: publicRoute(200),
    send: async (who) =>
      t.request(`/api/public/rsvps/${await manageSecret(rsvpId)}/reminders/one-click`, { method: 'POST', ...creds(who) }),
  },
  {
    route: 'POST /api/public/events/:eventId/waitlist',
    expect: publicRoute(201),
    send: (who) =>
      t.request(`/api/public/events/${waitlisted.id}/waitlist`, {
        method: 'POST',
        json: { name: 'Wanda', email: `wanda-${unique()}@example.com`, guest_count: 1 },
        ...creds(who),
      }),
  },
  {
    route: 'GET /api/public/rsvps/:manageSecret/waitlist',
    expect: publicRoute(200),
    send: async (who) => t.request(`/api/public/rsvps/${await manageSecret(waitingParty)}/waitlist`, { ...creds(who) }),
  },
  // The claim of an answer already confirmed gives its ticket again (a double tap), nothing more.
  {
    route: 'POST /api/public/rsvps/:manageSecret/claim',
    expect: publicRoute(200),
    send: async (who) => t.request(`/api/public/rsvps/${await manageSecret(rsvpId)}/claim`, { method: 'POST', ...creds(who) }),
  },
  {
    route: 'GET /api/public/events/:eventId/my-rsvp',
    expect: publicRoute(200),
    send: (who) => t.request(`/api/public/events/${shared.id}/my-rsvp`, { ...creds(who) }),
  },
  {
    route: 'POST /api/public/find-ticket',
    expect: publicRoute(202),
    send: (who) => t.request('/api/public/find-ticket', { method: 'POST', json: { email: `someone-${n++}@example.com` }, ...creds(who) }),
  },
  // The ticket's own secret is the credential (regenerate above rotates it: read the current one).
  {
    route: 'GET /api/public/tickets/:ticketSecret',
    expect: publicRoute(200),
    send: async (who) => t.request(`/api/public/tickets/${await ticketSecret()}`, { ...creds(who) }),
  },
  {
    route: 'GET /qr/:file',
    expect: publicRoute(200),
    send: async (who) => t.request(`/qr/${await ticketSecret()}.svg`, { ...creds(who) }),
  },
  // A host's own Stripe account (docs/decisions/0027-stripe-account-per-host.md): each signed-in user has only their own.
  {
    route: 'GET /api/stripe-account',
    expect: signedIn(200),
    send: (who) => t.request('/api/stripe-account', { ...creds(who) }),
  },
  {
    route: 'PUT /api/stripe-account',
    expect: signedIn(200),
    send: (who) => saveStripeAccount(who),
  },
  {
    route: 'POST /api/stripe-account/test',
    expect: signedIn(200),
    send: (who) =>
      t.request('/api/stripe-account/test', {
        method: 'POST',
        json: { publishable_key: STRIPE_PK, secret_key: STRIPE_SK },
        ...creds(who),
      }),
  },
  {
    route: 'DELETE /api/stripe-account',
    expect: signedIn(204),
    send: async (who) => {
      const saved = await saveStripeAccount(who);
      // An account no event uses (one in use is refused: tests/integration/stripe-account.test.ts).
      if (saved.status === 200)
        await t.db
          .update(events)
          .set({ stripe_account_id: null })
          .where(eq(events.stripe_account_id, (await saved.json()).account.id));
      return t.request('/api/stripe-account', { method: 'DELETE', ...creds(who) });
    },
  },
  {
    route: 'POST /api/payments/webhook/account/:accountId',
    expect: publicRoute(400),
    send: async (who) => {
      webhookAccountId ??= (await (await saveStripeAccount(webhookHost)).json()).account.id as string;
      return t.request(`/api/payments/webhook/account/${webhookAccountId}`, { method: 'POST', body: '{}', ...creds(who) });
    },
  },
  // Payments: the checkout session id is the credential; the webhook's is Stripe's signature (none here: 400).
  {
    route: 'GET /api/public/payments/verify',
    expect: publicRoute(200),
    send: (who) => t.request(`/api/public/payments/verify?session_id=${sandboxSession}`, { ...creds(who) }),
  },
  {
    route: 'POST /api/public/payments/verify',
    expect: publicRoute(200),
    send: (who) => t.request('/api/public/payments/verify', { method: 'POST', json: { session_id: sandboxSession }, ...creds(who) }),
  },
  {
    route: 'POST /api/payments/webhook/:eventId',
    expect: publicRoute(400),
    send: (who) => t.request(`/api/payments/webhook/${paidShared.id}`, { method: 'POST', body: '{}', ...creds(who) }),
  },
  {
    route: 'GET /sandbox-checkout/:sessionId',
    expect: publicRoute(200),
    send: (who) => t.request(`/sandbox-checkout/${sandboxSession}`, { ...creds(who) }),
  },
  {
    route: 'POST /sandbox-checkout/:sessionId/cancel',
    expect: publicRoute(303),
    send: (who) => t.request(`/sandbox-checkout/${sandboxSession}/cancel`, { method: 'POST', ...creds(who) }),
  },
  {
    route: 'POST /api/public/rsvps/:manageSecret/checkout',
    expect: publicRoute(200),
    send: async (who) =>
      t.request(`/api/public/rsvps/${await manageSecret(unpaidAnswer.body.rsvp.id)}/checkout`, { method: 'POST', ...creds(who) }),
  },
  {
    route: 'GET /api/public/events/:eventId/checkout-cancelled',
    expect: publicRoute(302),
    send: (who) => t.request(`/api/public/events/${paidShared.id}/checkout-cancelled`, { ...creds(who) }),
  },
  {
    route: 'POST /sandbox-checkout/:sessionId/pay',
    expect: publicRoute(303),
    send: (who) => t.request(`/sandbox-checkout/${sandboxSession}/pay`, { method: 'POST', ...creds(who) }),
  },
  // Co-host invitations: the token is the credential
  {
    route: 'GET /api/invitations/:token',
    expect: publicRoute(200),
    send: async (who) => t.request(`/api/invitations/${encodeURIComponent(await invitationToken())}`, { ...creds(who) }),
  },
  {
    route: 'POST /api/invitations/accept',
    expect: publicRoute(200),
    send: async (who) =>
      t.request('/api/invitations/accept', {
        method: 'POST',
        json: { token: await invitationToken(), name: 'Sam Door', password: 'a-long-enough-password' },
        ...creds(who),
      }),
  },
];

const CODE: Partial<Record<number, string>> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' };

describe('the permission matrix', () => {
  it('covers every route the app registers', () => {
    const registered = new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    const known = new Set([...ROUTES.map((r) => r.route), ...NOT_EVENT_ROUTES]);
    expect(
      [...registered].filter((r) => !known.has(r)),
      'routes missing from the permission matrix',
    ).toEqual([]);
    expect(
      [...known].filter((r) => !registered.has(r)),
      'routes in the matrix that no longer exist',
    ).toEqual([]);
  });

  const cells = ROUTES.flatMap((row) => {
    const name = row.variant ? `${row.route} [${row.variant}]` : row.route;
    const people = (Object.keys(WHO) as Who[]).map((who) => ({
      ...row,
      who: who as string,
      actor: WHO[who] as Actor,
      status: row.expect[who],
      code: CODE[row.expect[who]],
      name,
    }));
    const keys = API_KEY_SCOPES.map((scope) => {
      const inApi = row.route.split(' ')[1]!.startsWith('/api/');
      const opens = KEY_SCOPE[row.route] === scope;
      const status = !inApi ? row.expect.anonymous : opens ? (row.keyExpect ?? row.expect.owner) : 403;
      const code = inApi && status === 403 ? 'api_key_not_allowed' : CODE[status];
      return { ...row, who: `key ${scope}`, actor: KEYS[scope] as Actor, status, code, name };
    });
    // Refusals first, then the people, then the keys that pass: a refused cell's `unchanged` sees no success of this row yet.
    const refused = keys.filter((k) => k.status >= 400);
    return [...refused, ...people, ...keys.filter((k) => k.status < 400)];
  });

  it('every route a key may use is in the matrix', () => {
    expect(Object.keys(KEY_SCOPE).filter((r) => !ROUTES.some((row) => row.route === r))).toEqual([]);
  });

  it.each(cells)('$name × $who → $status', async ({ actor, status, code, send, unchanged }) => {
    const res = await send(actor);
    expect(res.status, await res.clone().text()).toBe(status);
    if (code) {
      expect((await res.json()).error.code).toBe(code);
      await unchanged?.(actor);
    }
  });
});

describe('webhook management is for a session only', () => {
  const anonymously = { cookie: '', bearer: undefined };
  it.each([...API_KEY_SCOPES, 'anonymous'] as const)('%s is refused on every webhook route; nothing is registered', async (scope) => {
    const { id } = (
      await (
        await t.request('/api/account/webhooks', {
          method: 'POST',
          json: { url: 'http://127.0.0.1:9/hook', events: ['rsvp.created'] },
          cookie: owner.cookie,
        })
      ).json()
    ).endpoint;
    const before = (await (await t.request('/api/account/webhooks', { cookie: owner.cookie })).json()).endpoints;
    const msg = `msg_${'0'.repeat(32)}`;
    for (const route of WEBHOOK_ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(':id', id).replace(':deliveryId', msg);
      const json =
        method === 'POST' && !path.includes(':')
          ? { url: 'http://127.0.0.1:9/x', events: ['rsvp.created'] }
          : method === 'PATCH'
            ? { paused: true }
            : undefined;
      const actor = scope === 'anonymous' ? anonymously : KEYS[scope];
      const res = await t.request(url, { method, json, ...actor });
      expect(res.status, route).toBe(scope === 'anonymous' ? 401 : 403);
      expect((await res.json()).error.code).toBe(scope === 'anonymous' ? 'unauthenticated' : 'api_key_not_allowed');
    }
    expect((await (await t.request('/api/account/webhooks', { cookie: owner.cookie })).json()).endpoints).toEqual(before);
    await t.request(`/api/account/webhooks/${id}`, { method: 'DELETE', cookie: owner.cookie });
  });
});

describe('owner-only actions answer a co-host with 403 and what only the owner may do', () => {
  it('delete, co-hosts and payment settings each name themselves; the payment fields are named', async () => {
    const e = await cohostedEvent();
    const del = await (await t.request(`/api/events/${e.id}`, { method: 'DELETE', cookie: cohost.cookie })).json();
    expect(del.error).toEqual({ code: 'forbidden', message: OWNER_ONLY.delete });
    const add = await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: 'x@example.com' }, cookie: cohost.cookie });
    expect((await add.json()).error).toEqual({ code: 'forbidden', message: OWNER_ONLY.hosts });

    const paid = await t.request(`/api/events/${e.id}`, { method: 'PATCH', json: paidEventInput(), cookie: cohost.cookie });
    expect(paid.status).toBe(403);
    expect((await paid.json()).error).toEqual({
      code: 'forbidden',
      message: OWNER_ONLY.payment,
      fields: {
        is_paid_event: OWNER_ONLY.payment,
        ticket_price: OWNER_ONLY.payment,
        stripe_publishable_key: OWNER_ONLY.payment,
        stripe_secret_key: OWNER_ONLY.payment,
      },
    });
    // Nothing of a refused edit is applied, content included.
    const mixed = await t.request(`/api/events/${e.id}`, {
      method: 'PATCH',
      json: { title: 'Mine now', currency: 'eur' },
      cookie: cohost.cookie,
    });
    expect(mixed.status).toBe(403);
    expect((await (await t.request(`/api/events/${e.id}`, { cookie: owner.cookie })).json()).event).toMatchObject({
      title: e.title,
      currency: 'usd',
      is_paid_event: false,
    });
  });

  it('a co-host may not clear the stored secret key; a free event sent back as free passes', async () => {
    const e = await cohostedEvent(paidEventInput());
    const clear = await t.request(`/api/events/${e.id}`, { method: 'PATCH', json: { stripe_secret_key: null }, cookie: cohost.cookie });
    expect(clear.status).toBe(403);
    expect((await clear.json()).error.fields).toEqual({ stripe_secret_key: OWNER_ONLY.payment });
    const free = await cohostedEvent();
    const same = { is_paid_event: false, ticket_price: null, currency: 'usd', stripe_publishable_key: '', stripe_secret_key: '' };
    const res = await t.request(`/api/events/${free.id}`, {
      method: 'PATCH',
      json: { ...same, title: 'Still free' },
      cookie: cohost.cookie,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe('roles in the admin responses', () => {
  it('GET /api/events: each user sees exactly what they own or co-host, with their role', async () => {
    const list = async (who: Actor) => (await (await t.request('/api/events', { ...creds(who) })).json()).events as TEventAdmin[];
    expect((await list(owner)).find((e) => e.id === shared.id)?.role).toBe('owner');
    expect((await list(cohost)).find((e) => e.id === shared.id)?.role).toBe('cohost');
    expect((await list(admin)).map((e) => e.id)).not.toContain(shared.id);
    const own = await createEvent(t, stranger);
    const strangers = await list(stranger);
    expect(strangers.map((e) => e.id)).toContain(own.id);
    expect(strangers.map((e) => e.id)).not.toContain(shared.id);
    expect(new Set(strangers.map((e) => e.role))).toEqual(new Set(['owner']));
  });

  it('GET and PATCH /api/events/:id tell the caller their role', async () => {
    const read = async (who: Actor) => (await (await t.request(`/api/events/${shared.id}`, { ...creds(who) })).json()).event;
    expect((await read(owner)).role).toBe('owner');
    expect((await read(cohost)).role).toBe('cohost');
    const edit = await t.request(`/api/events/${shared.id}`, { method: 'PATCH', json: { title: 'Co-hosted' }, cookie: cohost.cookie });
    expect((await edit.json()).event).toMatchObject({ title: 'Co-hosted', role: 'cohost', user_id: owner.id });
  });

  it('an unknown or malformed event id → 404 for the owner too', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      expect((await t.request(`/api/events/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
      expect((await t.request(`/api/events/${id}/hosts`, { method: 'POST', json: { email: 'a@b.co' }, cookie: owner.cookie })).status).toBe(
        404,
      );
    }
  });

  it('a removed co-host loses access', async () => {
    const e = await createEvent(t, owner);
    const helper = await signedInUser(t);
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: helper.email }, cookie: owner.cookie });
    expect((await t.request(`/api/events/${e.id}`, { cookie: helper.cookie })).status).toBe(200);
    await t.request(`/api/events/${e.id}/hosts/${encodeURIComponent(helper.email)}`, { method: 'DELETE', cookie: owner.cookie });
    expect((await t.request(`/api/events/${e.id}`, { cookie: helper.cookie })).status).toBe(404);
  });
});

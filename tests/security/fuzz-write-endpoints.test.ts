import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEvent, futureDate } from '../factories/events.ts';
import { insertEvent, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

/**
 * Every write endpoint (POST/PUT/PATCH/DELETE of src/server/modules/** /*.routes.ts, auth, setup)
 * gets generated junk: arbitrary JSON, valid bodies with fields swapped for hostile values, invalid
 * UTF-8, wrong content types, junk path segments. Whatever it is, the answer is never a 5xx, and an
 * error is in the error shape.
 */

const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t, { role: 'admin' });
/** Signed in for Better Auth's account endpoints, which may change or end its session. */
const member = await signedInUser(t);
const event = await createEvent(t, owner);
const publicEvent = await insertEvent(t, { user_id: owner.id });
const rsvp = await postRsvp(t, publicEvent.id, rsvpInput());
const manageSecret = rsvp.body.manage_url.split('/').pop() as string;

const RUNS = 40;

/** Strings that broke (or could break) something somewhere: NUL, broken UTF-16, line breaks, huge, SQL-ish. */
const nastyPiece = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\ud800',
      'a\udfff',
      '\r\n',
      '\r',
      '\u202e',
      '\u0085',
      '%00',
      '😀',
      "'; DROP TABLE events;--",
      '\\',
      '"',
      'a@b.com, c@d.com',
      'x@y.com\r\nBcc: z@w.com',
      '1969-12-31T23:00:00Z',
      '0001-01-01T00:00:00Z',
      '275760-09-13T00:00:00Z',
      '00000000-0000-0000-0000-000000000000',
      'NaN',
      '__proto__',
    ),
  },
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const nastyString = fc.oneof(
  { weight: 9, arbitrary: fc.array(nastyPiece, { minLength: 1, maxLength: 6 }).map((a) => `a${a.join('')}`) },
  fc.nat({ max: 70_000 }).map((n) => 'x'.repeat(n)),
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 0.1, 1e-320, 2_147_483_648, 9.999),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyString },
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

type Body = { json: unknown } | { raw: Uint8Array | string; type: string };

/** Bodies for an endpoint whose valid body is `valid`: it, with fields swapped or added; any JSON; raw junk. */
function bodies(valid: Record<string, unknown>): fc.Arbitrary<Body> {
  const keys = Object.keys(valid);
  const swapped = fc
    .dictionary(fc.constantFrom(...keys, 'extra', 'constructor'), nastyValue, { minKeys: 1, maxKeys: keys.length + 1 })
    .map((over) => ({ json: { ...valid, ...over } }));
  const raw = fc.oneof(
    fc.uint8Array({ maxLength: 200 }).map((raw) => ({ raw, type: 'application/json' })),
    fc.constantFrom<Body>(
      { raw: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]), type: 'application/json' },
      { raw: '{"title": "a\\ud800", "name": "\\u0000"}', type: 'application/json' },
      { raw: '{"a":'.repeat(5000), type: 'application/json' },
      { raw: '[]', type: 'application/json' },
      { raw: 'null', type: 'application/json' },
      { raw: 'title=x', type: 'application/x-www-form-urlencoded' },
      { raw: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nxx\r\n--b--', type: 'multipart/form-data; boundary=b' },
      { raw: '{}', type: 'text/plain' },
    ),
  );
  const one = keys.length ? fc.tuple(fc.constantFrom(...keys), nastyValue).map(([k, v]) => ({ json: { ...valid, [k]: v } })) : swapped;
  return fc.oneof(
    { weight: 4, arbitrary: one },
    { weight: 2, arbitrary: swapped },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })) },
    raw,
  );
}

/** A path segment: a real id, a junk one, or hostile percent-encoding (NUL, broken UTF-8, a lone %). */
function segment(real: string): fc.Arbitrary<string> {
  const encode = (s: string) => [...new TextEncoder().encode(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  return fc.oneof(
    fc.constant(real),
    fc.constant(real.toUpperCase()),
    nastyString.map((s) => encode(s.slice(0, 200)) || 'x'),
    fc.constantFrom('%00', '%ED%A0%80', '%FF%FE', '%', '%zz', `${real}%00`, '..', '%2e%2e%2f'),
  );
}

type Endpoint = {
  name: string;
  method: string;
  path: fc.Arbitrary<string>;
  valid: Record<string, unknown>;
  signedIn: boolean | 'member';
};

/** Better Auth's other write endpoints that the app mounts (forget-password is not: 404). */
const betterAuth = (path: string, valid: Record<string, unknown>, signedIn: Endpoint['signedIn'] = 'member'): Endpoint => ({
  name: `POST /api/auth${path}`,
  method: 'POST',
  path: fc.constant(`/api/auth${path}`),
  valid,
  signedIn,
});

const colors = { primary: '#000000', secondary: '#111111', accent: '#222222', background: '#ffffff', text: '#000000' };
const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /api/auth/sign-in/email',
    method: 'POST',
    path: fc.constant('/api/auth/sign-in/email'),
    valid: { email: owner.email, password: 'wrong-password' },
    signedIn: false,
  },
  {
    name: 'POST /api/auth/sign-up/email',
    method: 'POST',
    path: fc.constant('/api/auth/sign-up/email'),
    valid: { email: 'new@example.com', password: TEST_PASSWORD, name: 'N' },
    signedIn: false,
  },
  {
    name: 'POST /api/auth/{junk}/email',
    method: 'POST',
    path: segment('sign-in').map((s) => `/api/auth/${s}/email`),
    valid: { email: owner.email, password: 'x' },
    signedIn: false,
  },
  betterAuth('/reset-password', { token: 'abcdefghijklmnop', newPassword: TEST_PASSWORD }, false),
  betterAuth('/request-password-reset', { email: owner.email, redirectTo: '/reset' }, false),
  betterAuth('/update-user', { name: 'Member', image: 'https://example.com/a.png' }),
  betterAuth('/change-password', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, revokeOtherSessions: false }),
  betterAuth('/change-email', { newEmail: 'member-new@example.com', callbackURL: '/' }),
  betterAuth('/revoke-session', { token: 'abcdefghijklmnop' }),
  betterAuth('/two-factor/enable', { password: TEST_PASSWORD }),
  betterAuth('/two-factor/disable', { password: 'wrong-password' }),
  betterAuth('/two-factor/verify-totp', { code: '123456', trustDevice: true }, false),
  betterAuth('/two-factor/verify-backup-code', { code: 'abcde-fghij' }, false),
  // Last of the member's: they end its sessions.
  betterAuth('/revoke-sessions', {}),
  betterAuth('/sign-out', {}),
  {
    name: 'POST /api/setup/owner',
    method: 'POST',
    path: fc.constant('/api/setup/owner'),
    valid: { name: 'Owner', email: 'owner@example.com', password: TEST_PASSWORD },
    signedIn: false,
  },
  {
    name: 'POST /api/events',
    method: 'POST',
    path: fc.constant('/api/events'),
    valid: { title: 'Party', event_date: futureDate(), location: 'Hall' },
    signedIn: true,
  },
  {
    name: 'PATCH /api/events/:id',
    method: 'PATCH',
    path: segment(event.id).map((id) => `/api/events/${id}`),
    valid: { title: 'Party', end_date: null, max_attendees: 10, theme_id: null, ticket_price: 1, custom_colors: { background: '#ffffff' } },
    signedIn: true,
  },
  {
    name: 'POST /api/events/:id/hosts',
    method: 'POST',
    path: segment(event.id).map((id) => `/api/events/${id}/hosts`),
    valid: { email: 'helper@example.com' },
    signedIn: true,
  },
  {
    name: 'DELETE /api/events/:id/hosts/:email',
    method: 'DELETE',
    path: fc.tuple(segment(event.id), segment('helper@example.com')).map(([id, e]) => `/api/events/${id}/hosts/${e}`),
    valid: {},
    signedIn: true,
  },
  { name: 'POST /api/themes', method: 'POST', path: fc.constant('/api/themes'), valid: { name: 'Mine', colors }, signedIn: true },
  {
    name: 'POST /api/invitations/accept',
    method: 'POST',
    path: fc.constant('/api/invitations/accept'),
    valid: { token: 'abcdefghijklmnopqrstuvwxyz', password: TEST_PASSWORD, name: 'N' },
    signedIn: false,
  },
  { name: 'POST /api/media', method: 'POST', path: fc.constant('/api/media'), valid: { file: 'x' }, signedIn: true },
  {
    name: 'POST /api/public/events/:id/legacy-rsvp',
    method: 'POST',
    path: segment(publicEvent.id).map((id) => `/api/public/events/${id}/legacy-rsvp`),
    valid: { preferred_name: 'Al', phone: '5550001111', rsvp: true },
    signedIn: false,
  },
  {
    name: 'POST /api/public/events/:id/rsvps',
    method: 'POST',
    path: segment(publicEvent.id).map((id) => `/api/public/events/${id}/rsvps`),
    valid: { name: 'Ada', email: 'ada@example.com', phone: '415 555 0123', notes: 'Hi', guest_count: 1, status: 'confirmed' },
    signedIn: false,
  },
  {
    name: 'PUT /api/public/rsvps/:manageSecret',
    method: 'PUT',
    path: segment(manageSecret).map((m) => `/api/public/rsvps/${m}`),
    valid: { name: 'Ada', phone: '415 555 0123', notes: 'Hi', guest_count: 2, status: 'maybe' },
    signedIn: false,
  },
  {
    name: 'POST /api/public/rsvps/:manageSecret/cancel',
    method: 'POST',
    path: segment(manageSecret).map((m) => `/api/public/rsvps/${m}/cancel`),
    valid: {},
    signedIn: false,
  },
  {
    name: 'POST /api/public/find-ticket',
    method: 'POST',
    path: fc.constant('/api/public/find-ticket'),
    valid: { email: 'ada@example.com' },
    signedIn: false,
  },
  {
    name: 'POST /api/events/:id/rsvps/:rsvpId/regenerate-qr',
    method: 'POST',
    path: fc.tuple(segment(publicEvent.id), segment(rsvp.body.rsvp.id)).map(([e, r]) => `/api/events/${e}/rsvps/${r}/regenerate-qr`),
    valid: {},
    signedIn: true,
  },
  {
    name: 'POST /api/public/payments/verify',
    method: 'POST',
    path: fc.constant('/api/public/payments/verify'),
    valid: { session_id: 'cs_sandbox_0123456789abcdef' },
    signedIn: false,
  },
  {
    name: 'POST /api/payments/webhook/:eventId',
    method: 'POST',
    path: segment(publicEvent.id).map((e) => `/api/payments/webhook/${e}`),
    valid: { id: 'evt_1', type: 'checkout.session.completed', data: { object: { object: 'checkout.session', id: 'cs_test_1' } } },
    signedIn: false,
  },
  {
    name: 'POST /sandbox-checkout/:sessionId/pay',
    method: 'POST',
    path: segment('cs_sandbox_0123456789abcdef').map((id) => `/sandbox-checkout/${id}/pay`),
    valid: {},
    signedIn: false,
  },
  {
    name: 'POST /sandbox-checkout/:sessionId/cancel',
    method: 'POST',
    path: segment('cs_sandbox_0123456789abcdef').map((id) => `/sandbox-checkout/${id}/cancel`),
    valid: {},
    signedIn: false,
  },
  {
    name: 'POST /api/events/:id/rsvps/:rsvpId/sms',
    method: 'POST',
    path: fc.tuple(segment(publicEvent.id), segment(rsvp.body.rsvp.id)).map(([e, r]) => `/api/events/${e}/rsvps/${r}/sms`),
    valid: {},
    signedIn: true,
  },
  {
    name: 'POST /api/events/:id/sms-jobs',
    method: 'POST',
    path: segment(publicEvent.id).map((id) => `/api/events/${id}/sms-jobs`),
    valid: { rsvp_ids: [rsvp.body.rsvp.id], message: 'Doors at 7' },
    signedIn: true,
  },
  {
    name: 'POST /api/sms-jobs/:jobId/cancel',
    method: 'POST',
    path: segment('00000000-0000-4000-8000-000000000000').map((id) => `/api/sms-jobs/${id}/cancel`),
    valid: {},
    signedIn: true,
  },
  {
    name: 'POST /api/send-sms',
    method: 'POST',
    path: fc.constant('/api/send-sms'),
    valid: { to: '4155550123', message: 'Hi' },
    signedIn: true,
  },
  // Last: deleting the event makes the routes above answer 404 for it.
  { name: 'DELETE /api/events/:id', method: 'DELETE', path: segment(event.id).map((id) => `/api/events/${id}`), valid: {}, signedIn: true },
];

async function send(e: Endpoint, path: string, body: Body) {
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (e.signedIn) headers.set('cookie', e.signedIn === 'member' ? member.cookie : owner.cookie);
  let payload: BodyInit;
  if ('json' in body) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body.json) ?? 'null';
  } else {
    headers.set('content-type', body.type);
    payload = typeof body.raw === 'string' ? body.raw : new Uint8Array(body.raw);
  }
  return t.app.request(`${TEST_ORIGIN}${path}`, { method: e.method, headers, body: payload });
}

describe('fuzzing every write endpoint: never a 5xx', () => {
  for (const e of ENDPOINTS) {
    it(e.name, async () => {
      await fc.assert(
        fc.asyncProperty(e.path, bodies(e.valid), async (path, body) => {
          const res = await send(e, path, body);
          const text = await res.text();
          expect(res.status, `${e.method} ${path} ${JSON.stringify(body).slice(0, 300)} → ${text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400 && path.startsWith('/api/')) expect(JSON.parse(text).error.code).toEqual(expect.any(String));
        }),
        { numRuns: RUNS },
      );
    });
  }
});

/**
 * The owner's People page (docs/product.md#people, docs/decisions/0020-people.md): who may call each
 * endpoint, the list of accounts with their events and roles, invitations to host through the
 * outbox, deactivation (sessions end at once, sign-in refused, events pass to the owner) and
 * reactivation.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DEACTIVATED } from '../../src/common/messages.ts';
import type { TPeople, TPerson, TPersonAnswer } from '../../src/common/schemas/people.responses.ts';
import { session, user } from '../../src/server/db/schema/auth.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { PEOPLE_LIMITS } from '../../src/server/modules/people/people.routes.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp } from '../support/app.ts';

// Rate limits are off here (many sign-ins from one address); the invitation limit has an app of its own.
const t = await createTestApp({ RATE_LIMIT: 'false' });

const owner = await signedInUser(t, { role: 'admin' });
const host = await signedInUser(t);
const anonymous = { cookie: '' };

const signIn = (email: string, password = TEST_PASSWORD) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
const people = async () => (await (await t.request('/api/people', { cookie: owner.cookie })).json()) as TPeople;
const personOf = async (id: string) => (await people()).people.find((p) => p.id === id) as TPerson;
const fresh = () => `person-${randomBytes(4).toString('hex')}@example.com`;

/** The link of the newest e-mail to `to` in the outbox. */
async function mailedLink(to: string): Promise<string> {
  const [row] = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(sql`${outbox.payload}->>'to' = ${to}`)
    .orderBy(desc(outbox.created_at))
    .limit(1);
  const text = (row?.payload as { text?: string } | undefined)?.text ?? '';
  return /(https?:\/\/\S+accept-invite\S+)/.exec(text)?.[1] ?? '';
}

describe('who may use the People endpoints', () => {
  const someone = { id: 'does-not-exist' };
  const ROUTES: [method: string, path: string, json?: unknown][] = [
    ['GET', '/api/people', undefined],
    ['POST', '/api/people/invitations', { email: 'matrix@example.com' }],
    ['POST', `/api/people/${someone.id}/deactivate`, undefined],
    ['POST', `/api/people/${someone.id}/reactivate`, undefined],
    ['PATCH', '/api/settings', { require_two_factor_for_paid: false }],
  ];
  // anonymous → 401, an ordinary host → 403, the owner → the route's own answer.
  const OWNER_STATUS = [200, 201, 404, 404, 200];

  it.each(ROUTES.map((r, i) => [...r, OWNER_STATUS[i]] as const))('%s %s', async (method, path, json, ownerStatus) => {
    for (const [who, status] of [
      [anonymous, 401],
      [host, 403],
      [owner, ownerStatus],
    ] as const) {
      const res = await t.request(path, { method, json: json ?? (method === 'POST' ? {} : undefined), cookie: who.cookie });
      expect(res.status, `${method} ${path} as ${who === owner ? 'owner' : who === host ? 'host' : 'anonymous'}`).toBe(status);
    }
  });

  it('GET /api/settings needs a session only: every host sees what the owner requires', async () => {
    expect((await t.request('/api/settings', { cookie: '' })).status).toBe(401);
    const res = await t.request('/api/settings', { cookie: host.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ require_two_factor_for_paid: false });
  });
});

describe('the list', () => {
  it('shows every account with its events and its role on each', async () => {
    const cohost = await signedInUser(t);
    const door = await signedInUser(t);
    const mine = await createEvent(t, host, { title: 'Host Party' });
    for (const [email, role] of [
      [cohost.email, 'cohost'],
      [door.email, 'door'],
    ] as const) {
      const res = await t.request(`/api/events/${mine.id}/hosts`, { method: 'POST', json: { email, role }, cookie: host.cookie });
      expect(res.status).toBe(201);
    }
    const list = await people();
    const byId = new Map(list.people.map((p) => [p.id, p]));
    expect(byId.get(owner.id)).toMatchObject({ is_owner: true, deactivated_at: null, two_factor: false, events: [] });
    expect(byId.get(host.id)?.events).toContainEqual({ id: mine.id, title: 'Host Party', role: 'owner', is_paid_event: false });
    expect(byId.get(cohost.id)?.events).toEqual([{ id: mine.id, title: 'Host Party', role: 'cohost', is_paid_event: false }]);
    expect(byId.get(door.id)?.events).toEqual([{ id: mine.id, title: 'Host Party', role: 'door', is_paid_event: false }]);
    expect(byId.get(host.id)?.last_active_at).not.toBeNull();
    // Oldest account first; no secret columns.
    expect(list.people[0]!.id).toBe(owner.id);
    expect(JSON.stringify(list)).not.toMatch(/password|secret|token/i);
  });
});

describe('inviting a host', () => {
  it('mails a sign-up link for that address only, listed until it is used', async () => {
    const email = fresh();
    const res = await t.request('/api/people/invitations', {
      method: 'POST',
      json: { email: `  ${email.toUpperCase()} ` },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    expect((await res.json()).invitation).toMatchObject({ email });
    expect((await people()).invitations.map((i) => i.email)).toContain(email);

    const link = await mailedLink(email);
    expect(link).toMatch(/\/auth\/accept-invite\?token=/);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    const read = await t.request(`/api/invitations/${token}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ email, event_title: null, role: null });

    const accepted = await t.request('/api/invitations/accept', {
      method: 'POST',
      json: { token, password: TEST_PASSWORD, name: 'New Host' },
    });
    expect(accepted.status).toBe(200);
    const list = await people();
    expect(list.invitations.map((i) => i.email)).not.toContain(email);
    expect(list.people.find((p) => p.email === email)).toMatchObject({ name: 'New Host', is_owner: false, events: [] });
    // The new host can create events of their own.
    await createEvent(t, { cookie: cookiesFrom(accepted) });
    // The link worked once.
    expect(
      (await t.request('/api/invitations/accept', { method: 'POST', json: { token, name: 'Sam Door', password: TEST_PASSWORD } })).status,
    ).toBe(400);
  });

  it('refuses an address with an account, and bad input, naming the field', async () => {
    const taken = await t.request('/api/people/invitations', { method: 'POST', json: { email: host.email }, cookie: owner.cookie });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.fields.email).toBe('This person already has an account.');
    for (const json of [{}, { email: '' }, { email: 'not-an-address' }, { email: 'a@b.com, c@d.com' }, { email: 42 }]) {
      const res = await t.request('/api/people/invitations', { method: 'POST', json, cookie: owner.cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error.fields.email).toBeTruthy();
    }
  });

  it('is limited per owner', async () => {
    const limited = await createTestApp();
    const other = await signedInUser(limited, { role: 'admin' });
    const codes: number[] = [];
    for (let i = 0; i <= PEOPLE_LIMITS.invitesPerOwner.points; i++) {
      codes.push(
        (await limited.request('/api/people/invitations', { method: 'POST', json: { email: fresh() }, cookie: other.cookie })).status,
      );
    }
    expect(codes.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('deactivating an account', () => {
  it('ends its sessions at once, refuses its sign-in clearly, and hands its events to the owner', async () => {
    const leaving = await signedInUser(t);
    const free = await createEvent(t, leaving, { title: 'Free One' });
    const paid = await createEvent(t, leaving, { title: 'Paid One', ...paidEventInput() });
    expect((await t.request('/api/events', { cookie: leaving.cookie })).status).toBe(200);

    const res = await t.request(`/api/people/${leaving.id}/deactivate`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as TPersonAnswer;
    expect(answer.events_transferred).toBe(2);
    expect(answer.person.deactivated_at).not.toBeNull();
    expect(answer.person.events).toEqual([]);

    // The old session is over, on the API and for the web app.
    expect((await t.request('/api/events', { cookie: leaving.cookie })).status).toBe(401);
    expect(await (await t.request('/api/auth/get-session', { cookie: leaving.cookie })).json()).toBeNull();
    expect(await t.db.select().from(session).where(eq(session.userId, leaving.id))).toEqual([]);

    // Sign-in: the right password learns why; a wrong one learns nothing more than before.
    const refused = await signIn(leaving.email);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({ code: 'account_deactivated', message: ACCOUNT_DEACTIVATED });
    expect(cookiesFrom(refused)).not.toMatch(/session_token=[^;]+/);
    const wrong = await signIn(leaving.email, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe('invalid_credentials');

    // Both events are the owner's now, payment settings and all.
    for (const e of [free, paid]) {
      const got = await t.request(`/api/events/${e.id}`, { cookie: owner.cookie });
      expect(got.status).toBe(200);
      expect((await got.json()).event).toMatchObject({ role: 'owner', title: e.title, is_paid_event: e.is_paid_event });
    }
    const [row] = await t.db.select({ user_id: events.user_id }).from(events).where(eq(events.id, paid.id));
    expect(row!.user_id).toBe(owner.id);

    // Again: nothing changes.
    const again = await t.request(`/api/people/${leaving.id}/deactivate`, { method: 'POST', cookie: owner.cookie });
    expect(again.status).toBe(200);
    expect(((await again.json()) as TPersonAnswer).events_transferred).toBe(0);
  });

  it('a co-host who is deactivated loses the event, which stays where it was', async () => {
    const cohost = await signedInUser(t);
    const e = await createEvent(t, host);
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: host.cookie });
    expect((await t.request(`/api/events/${e.id}`, { cookie: cohost.cookie })).status).toBe(200);
    const res = await t.request(`/api/people/${cohost.id}/deactivate`, { method: 'POST', cookie: owner.cookie });
    expect(((await res.json()) as TPersonAnswer).events_transferred).toBe(0);
    expect((await t.request(`/api/events/${e.id}`, { cookie: cohost.cookie })).status).toBe(401);
    expect((await t.request(`/api/events/${e.id}`, { cookie: host.cookie })).status).toBe(200);
  });

  it('refuses the owner itself, other owner accounts and unknown ids', async () => {
    const self = await t.request(`/api/people/${owner.id}/deactivate`, { method: 'POST', cookie: owner.cookie });
    expect(self.status).toBe(400);
    expect((await self.json()).error.message).toBe('You cannot deactivate your own account.');
    const other = await signedInUser(t, { role: 'admin' });
    const res = await t.request(`/api/people/${other.id}/deactivate`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('An owner account cannot be deactivated.');
    for (const id of ['nobody', 'x'.repeat(201), '..%2F..', "a'b"]) {
      expect((await t.request(`/api/people/${id}/deactivate`, { method: 'POST', cookie: owner.cookie })).status, id).toBe(404);
    }
    expect((await personOf(other.id)).deactivated_at).toBeNull();
  });

  it('reactivation lets the account sign in again; its former events stay with the owner', async () => {
    const back = await signedInUser(t);
    const e = await createEvent(t, back);
    await t.request(`/api/people/${back.id}/deactivate`, { method: 'POST', cookie: owner.cookie });
    expect((await signIn(back.email)).status).toBe(403);

    const res = await t.request(`/api/people/${back.id}/reactivate`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as TPersonAnswer).person.deactivated_at).toBeNull();
    const again = await signIn(back.email);
    expect(again.status).toBe(200);
    const cookie = cookiesFrom(again);
    expect((await t.request(`/api/events/${e.id}`, { cookie })).status).toBe(404);
    expect((await t.request(`/api/events/${e.id}`, { cookie: owner.cookie })).status).toBe(200);
    // Reactivating an active account changes nothing.
    expect((await t.request(`/api/people/${back.id}/reactivate`, { method: 'POST', cookie: owner.cookie })).status).toBe(200);
  });

  it('no session is created for a deactivated account, whichever path asks Better Auth for one', async () => {
    const gone = await signedInUser(t);
    await t.request(`/api/people/${gone.id}/deactivate`, { method: 'POST', cookie: owner.cookie });
    const ctx = await t.deps.auth.$context;
    const made = await ctx.internalAdapter.createSession(gone.id).catch((e: unknown) => e);
    expect(made).toBeInstanceOf(Error);
    expect(await t.db.select().from(session).where(eq(session.userId, gone.id))).toEqual([]);
  });

  it('a session that outlives the deactivation (a sign-in racing it) is refused on its next use', async () => {
    const racing = await signedInUser(t);
    await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, racing.id));
    expect((await t.request('/api/events', { cookie: racing.cookie })).status).toBe(401);
    expect(await (await t.request('/api/auth/get-session', { cookie: racing.cookie })).json()).toBeNull();
  });
});

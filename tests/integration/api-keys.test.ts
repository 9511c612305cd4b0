/**
 * API keys (docs/product.md#api-keys, docs/decisions/0029-api-keys.md): made, listed and revoked by a
 * session only; a key works as its account on the routes that allow its scope and nowhere else, without
 * the same-origin rule; revoked, expired, unknown keys and deactivated accounts are refused at once; the
 * secret is stored as a hash; payment settings need a session; keys have their own rate limit.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TApiKeyCreated } from '../../src/common/schemas/api-keys.ts';
import { API_KEY_LIMITS, hashApiKey } from '../../src/server/auth/api-keys.ts';
import { user } from '../../src/server/db/schema/auth.ts';
import { RateLimits } from '../../src/server/http/rate-limit.ts';
import { api_keys } from '../../src/server/db/schema/api-keys.ts';
import { checkins } from '../../src/server/db/schema/checkins.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const host = await signedInUser(t);
const other = await signedInUser(t);

async function makeKey(who: { cookie: string }, body: Record<string, unknown>): Promise<TApiKeyCreated> {
  const res = await t.request('/api/account/api-keys', { method: 'POST', json: body, cookie: who.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const event = await createEvent(t, host, { title: 'Key Event', max_attendees: 50 });
const guest = await postRsvp(t, event.id, rsvpInput({ name: 'Grace Keyes' }));
const guestId: string = guest.body.rsvp.id;

describe('making, listing and revoking keys', () => {
  it('the secret is in the create answer only; the table holds its hash; the list shows the prefix and scopes', async () => {
    const made = await makeKey(host, { name: 'Zapier', scopes: ['events:read', 'guests:read'], expires_in_days: 30 });
    expect(made.secret).toMatch(/^trn_[\w-]{43}$/);
    expect(made.key).toMatchObject({ name: 'Zapier', scopes: ['events:read', 'guests:read'], last_used_at: null });
    expect(made.secret.startsWith(made.key.prefix)).toBe(true);
    expect(Date.parse(made.key.expires_at!) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // The account is told, by e-mail, in the key's own transaction.
    const [mail] = await t.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.idempotency_key, `api-key-made:${made.key.id}`));
    expect(mail?.payload).toMatchObject({ to: host.email, subject: 'A new API key was made for your Turnout account' });
    expect(JSON.stringify(mail?.payload)).not.toContain(made.secret);

    const [row] = await t.db.select().from(api_keys).where(eq(api_keys.id, made.key.id));
    expect(row!.secret_hash).toBe(hashApiKey(made.secret));
    expect(JSON.stringify(row)).not.toContain(made.secret);

    const list = await (await t.request('/api/account/api-keys', { cookie: host.cookie })).json();
    expect(list.keys.map((k: { id: string }) => k.id)).toContain(made.key.id);
    expect(JSON.stringify(list)).not.toContain(made.secret);
    // Another account sees none of them and cannot revoke them.
    const theirs = await (await t.request('/api/account/api-keys', { cookie: other.cookie })).json();
    expect(theirs.keys).toEqual([]);
    expect((await t.request(`/api/account/api-keys/${made.key.id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
  });

  it('bad input names the field and the reason', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', scopes: ['checkin'] }, 'name'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['admin'] }, 'scopes.0'],
      [{ name: 'x', scopes: ['checkin', 'checkin'] }, 'scopes'],
      [{ name: 'x', scopes: ['checkin'], expires_in_days: 0 }, 'expires_in_days'],
      [{ name: 'x', scopes: ['checkin'], expires_in_days: 1.5 }, 'expires_in_days'],
    ];
    for (const [body, field] of cases) {
      const res = await t.request('/api/account/api-keys', { method: 'POST', json: body, cookie: host.cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await res.json()).error.fields)).toContain(field);
    }
  });

  it('only a session makes, lists or revokes keys: a key cannot, and anonymous gets 401', async () => {
    const { secret, key } = await makeKey(host, {
      name: 'all',
      scopes: ['events:read', 'events:write', 'guests:read', 'guests:write', 'checkin'],
    });
    for (const [method, path] of [
      ['GET', '/api/account/api-keys'],
      ['POST', '/api/account/api-keys'],
      ['DELETE', `/api/account/api-keys/${key.id}`],
    ] as const) {
      const res = await t.request(path, {
        method,
        bearer: secret,
        json: method === 'POST' ? { name: 'y', scopes: ['checkin'] } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error.code).toBe('api_key_not_allowed');
    }
    expect((await t.request('/api/account/api-keys')).status).toBe(401);
  });
});

describe('a key at work', () => {
  it('acts as its account on the routes of its scopes, from any origin, and notes its last use', async () => {
    const { secret, key } = await makeKey(host, { name: 'sync', scopes: ['events:read', 'guests:read', 'checkin'] });
    const list = await t.request('/api/events', { bearer: secret, headers: { origin: 'https://elsewhere.example' } });
    expect(list.status).toBe(200);
    expect((await list.json()).events.map((e: { id: string }) => e.id)).toEqual([event.id]);
    const guests = await t.request(`/api/events/${event.id}/rsvps`, { bearer: secret });
    expect((await guests.json()).rows.map((r: { name: string }) => r.name)).toContain('Grace Keyes');
    // A write of its scope, sent by a script from another site: no same-origin rule for a key.
    const nonce = `key-${Date.now()}`;
    const admit = await t.request(`/api/checkin/${event.id}/redeem`, {
      method: 'POST',
      json: { rsvp_id: guestId, nonce },
      bearer: secret,
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(admit.status, await admit.clone().text()).toBe(200);
    const [row] = await t.db.select({ by: checkins.user_id }).from(checkins).where(eq(checkins.nonce, nonce));
    expect(row?.by).toBe(host.id);
    const [used] = await t.db.select({ at: api_keys.last_used_at }).from(api_keys).where(eq(api_keys.id, key.id));
    expect(used!.at).not.toBeNull();
  });

  it('outside its scopes it gets 403 naming the scope; its account rights still hold (another host’s event is 404)', async () => {
    const { secret } = await makeKey(host, { name: 'reader', scopes: ['events:read'] });
    const write = await t.request(`/api/events/${event.id}`, { method: 'PATCH', json: { subtitle: 'x' }, bearer: secret });
    expect(write.status).toBe(403);
    expect((await write.json()).error).toMatchObject({ code: 'api_key_not_allowed', message: expect.stringContaining('"events:write"') });
    expect((await t.request(`/api/events/${event.id}/rsvps`, { bearer: secret })).status).toBe(403);
    const theirs = await createEvent(t, other, { title: 'Not yours' });
    expect((await t.request(`/api/events/${theirs.id}`, { bearer: secret })).status).toBe(404);
  });

  it('on a session-only or public route a key is refused; an unknown route stays 404', async () => {
    const { secret } = await makeKey(host, {
      name: 'all',
      scopes: ['events:read', 'events:write', 'guests:read', 'guests:write', 'checkin'],
    });
    for (const [method, path] of [
      ['GET', '/api/settings'],
      ['POST', '/api/auth/change-password'],
      ['POST', `/api/events/${event.id}/hosts`],
      ['POST', `/api/events/${event.id}/sms-jobs`],
      ['GET', `/api/public/events/${event.id}`],
    ] as const) {
      const res = await t.request(path, { method, bearer: secret, json: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).error.code).toBe('api_key_not_allowed');
    }
    expect((await t.request('/api/no-such-thing', { bearer: secret })).status).toBe(404);
  });

  it('a key never reads the cookie sent beside it: the key’s account answers, not the session’s', async () => {
    const { secret } = await makeKey(other, { name: 'theirs', scopes: ['events:read'] });
    const res = await t.request('/api/events', { bearer: secret, cookie: host.cookie });
    expect((await res.json()).events.map((e: { title: string }) => e.title)).not.toContain('Key Event');
  });

  it('payment settings need a session: a key can neither make a paid event nor change its payment fields', async () => {
    const { secret } = await makeKey(host, { name: 'writer', scopes: ['events:read', 'events:write'] });
    const paid = await t.request('/api/events', {
      method: 'POST',
      json: { event_date: event.event_date, ...paidEventInput({ title: 'Paid by key' }) },
      bearer: secret,
    });
    expect(paid.status).toBe(403);
    expect((await paid.json()).error.fields).toHaveProperty('is_paid_event');
    const free = await t.request('/api/events', {
      method: 'POST',
      json: { title: 'Free by key', event_date: event.event_date },
      bearer: secret,
    });
    expect(free.status).toBe(201);
    const id = (await free.json()).event.id;
    const price = await t.request(`/api/events/${id}`, { method: 'PATCH', json: { guest_refunds_allowed: true }, bearer: secret });
    expect(price.status).toBe(403);
    expect((await price.json()).error.fields).toHaveProperty('guest_refunds_allowed');
    const content = await t.request(`/api/events/${id}`, { method: 'PATCH', json: { subtitle: 'By key' }, bearer: secret });
    expect(content.status).toBe(200);
  });
});

describe('refusals', () => {
  it('revoked at once; expired; unknown; a deactivated account’s keys: 401 with WWW-Authenticate; other schemes pass', async () => {
    const revoked = await makeKey(host, { name: 'gone', scopes: ['events:read'] });
    expect((await t.request('/api/events', { bearer: revoked.secret })).status).toBe(200);
    expect((await t.request(`/api/account/api-keys/${revoked.key.id}`, { method: 'DELETE', cookie: host.cookie })).status).toBe(204);
    const expired = await makeKey(host, { name: 'old', scopes: ['events:read'], expires_in_days: 1 });
    await t.db.update(api_keys).set({ expires_at: sql`now() - interval '1 second'` }).where(eq(api_keys.id, expired.key.id));
    const person = await signedInUser(t);
    const leaving = await makeKey(person, { name: 'leaver', scopes: ['events:read'] });
    await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, person.id));

    for (const secret of [revoked.secret, expired.secret, leaving.secret, `trn_${'A'.repeat(43)}`]) {
      const res = await t.request('/api/events', { bearer: secret });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
    }
    // Another scheme or another system's token (a proxy's Basic auth) is not ours: left alone, as without keys.
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer eyJhbGciOi.not-ours']) {
      expect((await t.request(`/api/public/events/${event.id}`, { headers: { authorization } })).status).toBe(200);
      expect((await t.request('/api/events', { headers: { authorization }, cookie: host.cookie })).status).toBe(200);
    }
    // Neither the revoked nor the expired key is listed any more.
    const ids = (await (await t.request('/api/account/api-keys', { cookie: host.cookie })).json()).keys.map((k: { id: string }) => k.id);
    expect(ids).not.toContain(revoked.key.id);
    expect(ids).not.toContain(expired.key.id);
  });
});

describe('limits', () => {
  it('each key has its own request limit, and an address guessing keys is stopped', async () => {
    const limited = await createTestApp({ RATE_LIMIT: 'true' });
    const someone = await signedInUser(limited);
    const res = await limited.request('/api/account/api-keys', {
      method: 'POST',
      json: { name: 'busy', scopes: ['events:read'] },
      cookie: someone.cookie,
    });
    const busy: TApiKeyCreated = await res.json();
    const calm: TApiKeyCreated = await (
      await limited.request('/api/account/api-keys', {
        method: 'POST',
        json: { name: 'calm', scopes: ['events:read'] },
        cookie: someone.cookie,
      })
    ).json();
    // Spend the busy key's window in the shared store (every process counts there), then its next request is refused; the other key's is not.
    const store = new RateLimits({ pool: limited.deps.db.$client, enabled: true, log: limited.deps.log });
    for (let i = 0; i < API_KEY_LIMITS.perKey.points; i += 100)
      await Promise.all(Array.from({ length: 100 }, () => store.hit(API_KEY_LIMITS.perKey, busy.key.id)));
    const over = await limited.request('/api/events', { bearer: busy.secret });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await limited.request('/api/events', { bearer: calm.secret })).status).toBe(200);

    const guesses = await Promise.all(
      Array.from({ length: API_KEY_LIMITS.failuresPerClient.points + 1 }, (_, i) =>
        limited.request('/api/events', { bearer: `trn_${String(i).padStart(43, 'x')}` }),
      ),
    );
    expect(guesses.map((r) => r.status)).toContain(429);
  });

  it(`at most 25 live keys per account; parallel creates cannot pass it`, async () => {
    const busy = await signedInUser(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.request('/api/account/api-keys', { method: 'POST', json: { name: `k${i}`, scopes: ['checkin'] }, cookie: busy.cookie }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(25);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(5);
  });
});

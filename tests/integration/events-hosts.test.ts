import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/common/messages.ts';
import type { TEventAdmin, THost } from '../../src/common/schemas/events.ts';
import { host_invitations } from '../../src/server/db/schema/events.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { createEvent } from '../factories/events.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp, TEST_ORIGIN } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t);

const addHost = (eventId: string, email: unknown, cookie = owner.cookie) =>
  t.request(`/api/events/${eventId}/hosts`, { method: 'POST', json: { email }, cookie });
const hostsOf = async (eventId: string, cookie = owner.cookie) =>
  (await (await t.request(`/api/events/${eventId}/hosts`, { cookie })).json()).hosts as THost[];

/** The invitation e-mail queued for this address, and the token in its link. */
async function invitationFor(email: string) {
  const rows = await t.db.select().from(outbox).where(like(outbox.idempotency_key, 'host-invite:%'));
  const mail = rows.map((r) => r.payload as EmailPayload).find((p) => p.to === email);
  if (!mail) throw new Error(`no invitation for ${email}`);
  const link = /(http\S+accept-invite\?token=([\w-]+))/.exec(mail.text);
  return { mail, link: link![1]!, token: decodeURIComponent(link![2]!) };
}

describe('host e-mail rules (co-hosts)', () => {
  it('trims and lower-cases, needs an @, refuses duplicates, lists oldest first, removes', async () => {
    const e = await createEvent(t, owner);
    const bad = await addHost(e.id, 'not-an-email');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({ message: MSG.invalidEmailText, fields: { email: MSG.invalidEmailText } });
    expect((await addHost(e.id, '')).status).toBe(400);
    expect((await addHost(e.id, 42)).status).toBe(400);

    expect((await addHost(e.id, '  Zed@Example.COM ')).status).toBe(201);
    const dup = await addHost(e.id, 'zed@example.com');
    expect(dup.status).toBe(409);
    expect((await dup.json()).error).toMatchObject({
      code: 'conflict',
      message: MSG.emailAlreadyAddedText,
      fields: { email: MSG.emailAlreadyAddedText },
    });
    expect((await addHost(e.id, 'amy@example.com')).status).toBe(201);
    expect((await hostsOf(e.id)).map((h) => h.email)).toEqual(['zed@example.com', 'amy@example.com']);

    // A role change and a removal name the address the same way (ZEmail on the path normalises it).
    const role = await t.request(`/api/events/${e.id}/hosts/${encodeURIComponent(' AMY@Example.com ')}`, {
      method: 'PATCH',
      json: { role: 'door' },
      cookie: owner.cookie,
    });
    expect(role.status).toBe(200);
    expect((await role.json()).host).toMatchObject({ email: 'amy@example.com', role: 'door' });
    // Removal normalises the same way; removing a missing one is a 404.
    expect(
      (await t.request(`/api/events/${e.id}/hosts/${encodeURIComponent(' ZED@example.com')}`, { method: 'DELETE', cookie: owner.cookie }))
        .status,
    ).toBe(204);
    expect((await t.request(`/api/events/${e.id}/hosts/zed@example.com`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    expect((await hostsOf(e.id)).map((h) => h.email)).toEqual(['amy@example.com']);
  });

  it('someone with an account gets a note, no invitation; has_account says so', async () => {
    const e = await createEvent(t, owner);
    const colleague = await signedInUser(t);
    const res = await addHost(e.id, colleague.email);
    expect((await res.json()).host).toMatchObject({ email: colleague.email, has_account: true });
    const notes = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.idempotency_key, `host-added:${e.id}:%`));
    expect(notes.map((r) => (r.payload as EmailPayload).to)).toEqual([colleague.email]);
    expect(await t.db.select().from(host_invitations).where(eq(host_invitations.email, colleague.email))).toHaveLength(0);
  });
});

describe('co-host invitations', () => {
  it('mails a sign-up link valid for that e-mail only; accepting creates that account, signs in and grants the event', async () => {
    const e = await createEvent(t, owner, { title: 'Launch <Party>' });
    const email = `newbie-${Date.now()}@example.com`;
    const added = await addHost(e.id, email);
    expect((await added.json()).host).toMatchObject({ email, has_account: false });

    const { mail, link, token } = await invitationFor(email);
    expect(link.startsWith(`${TEST_ORIGIN}/auth/accept-invite?token=`)).toBe(true);
    expect(mail.subject).toContain('Launch <Party>');
    expect(mail.html).toContain('Launch &lt;Party&gt;');
    const [stored] = await t.db.select().from(host_invitations).where(eq(host_invitations.email, email));
    expect(stored!.token_hash).not.toBe(token);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const days = (stored!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    const info = await t.request(`/api/invitations/${encodeURIComponent(token)}`);
    expect(await info.json()).toEqual({ email, event_title: 'Launch <Party>', role: 'cohost' });

    // A short password, a missing name or a password made of the invited address fails and leaves the link usable.
    const weak = await t.request('/api/invitations/accept', { method: 'POST', json: { token, name: 'Sam Door', password: 'short' } });
    expect(weak.status).toBe(400);
    const nameless = await t.request('/api/invitations/accept', { method: 'POST', json: { token, password: TEST_PASSWORD } });
    expect(nameless.status).toBe(400);
    expect((await nameless.json()).error.fields).toEqual({ name: 'Please enter your name.' });
    const local = email.split('@')[0]!;
    const own = await t.request('/api/invitations/accept', { method: 'POST', json: { token, name: 'Sam', password: `${local}-secret` } });
    expect(own.status).toBe(400);
    expect((await own.json()).error.fields).toEqual({ password: 'Do not use your e-mail address in the password.' });

    // The e-mail comes from the invitation; an e-mail in the request is ignored.
    const ok = await t.request('/api/invitations/accept', {
      method: 'POST',
      json: { token, password: TEST_PASSWORD, name: 'New Host', email: 'attacker@example.com' },
    });
    expect(ok.status).toBe(200);
    const cookie = cookiesFrom(ok);
    const session = await (await t.request('/api/auth/get-session', { cookie })).json();
    expect(session.user).toMatchObject({ email, name: 'New Host', role: 'host' });
    const mine = (await (await t.request('/api/events', { cookie })).json()).events as TEventAdmin[];
    expect(mine.map((x) => [x.id, x.role])).toEqual([[e.id, 'cohost']]);
    expect((await hostsOf(e.id)).find((h) => h.email === email)?.has_account).toBe(true);

    // Used: refused with a clear message; the attacker's address got nothing.
    const again = await t.request('/api/invitations/accept', {
      method: 'POST',
      json: { token, name: 'Sam Door', password: TEST_PASSWORD },
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toMatch(/already been used/);
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(400);
    const attacker = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'attacker@example.com', password: TEST_PASSWORD },
    });
    expect(attacker.status).toBe(401);
  });

  it('expired → 410, unknown → 404, withdrawn when the host is removed → 404', async () => {
    const e = await createEvent(t, owner);
    const late = `late-${Date.now()}@example.com`;
    await addHost(e.id, late);
    const { token } = await invitationFor(late);
    await t.db
      .update(host_invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(host_invitations.email, late));
    const expired = await t.request('/api/invitations/accept', {
      method: 'POST',
      json: { token, name: 'Sam Door', password: TEST_PASSWORD },
    });
    expect(expired.status).toBe(410);
    expect((await expired.json()).error).toMatchObject({ code: 'gone', message: expect.stringMatching(/expired/) });
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(410);

    expect((await t.request('/api/invitations/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')).status).toBe(404);
    const unknown = await t.request('/api/invitations/accept', {
      method: 'POST',
      json: { token: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', name: 'Sam Door', password: TEST_PASSWORD },
    });
    expect(unknown.status).toBe(404);

    const removed = `removed-${Date.now()}@example.com`;
    await addHost(e.id, removed);
    const withdrawn = await invitationFor(removed);
    await t.request(`/api/events/${e.id}/hosts/${removed}`, { method: 'DELETE', cookie: owner.cookie });
    expect((await t.request(`/api/invitations/${withdrawn.token}`)).status).toBe(404);
    expect(
      await t.db
        .select()
        .from(host_invitations)
        .where(and(eq(host_invitations.email, removed))),
    ).toHaveLength(0);
  });

  it('two accepts at once create one account', async () => {
    const e = await createEvent(t, owner);
    const email = `race-${Date.now()}@example.com`;
    await addHost(e.id, email);
    const { token } = await invitationFor(email);
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        t.request('/api/invitations/accept', { method: 'POST', json: { token, name: 'Sam Door', password: TEST_PASSWORD } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });
});

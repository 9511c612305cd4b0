/**
 * Issue 29, item 2: a changed e-mail never inherits a team place or an invitation. A team place is the
 * account's (event_hosts.user_id) once the address's own account exists; an account may not move onto
 * an address that a place or an invitation waits for; the confirmation names the account that asked;
 * the old address is told once the change happened (docs/product.md#account, #co-hosts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_HAS_PENDING_PLACE } from '../../src/common/messages.ts';
import type { TEventAdmin, THost } from '../../src/common/schemas/events.ts';
import { user } from '../../src/server/db/schema/auth.ts';
import { event_hosts } from '../../src/server/db/schema/events.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { createEvent } from '../factories/events.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t, { role: 'admin' });

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const auth = (path: string, json: unknown, cookie?: string) => t.request(`/api/auth${path}`, { method: 'POST', json, cookie });
const addHost = async (eventId: string, email: string, role: 'cohost' | 'door' = 'cohost') => {
  const res = await t.request(`/api/events/${eventId}/hosts`, { method: 'POST', json: { email, role }, cookie: owner.cookie });
  expect(res.status).toBe(201);
};
const hostsOf = async (eventId: string) =>
  (await (await t.request(`/api/events/${eventId}/hosts`, { cookie: owner.cookie })).json()).hosts as THost[];
const csvOf = (eventId: string, cookie: string) => t.request(`/api/events/${eventId}/rsvps.csv`, { cookie });
const eventsOf = async (cookie: string) =>
  ((await (await t.request('/api/events', { cookie })).json()).events as TEventAdmin[]).map((e) => e.id);

/** The mails queued to `to` whose idempotency key starts with `prefix`. */
async function mailsTo(to: string, prefix: string): Promise<EmailPayload[]> {
  const rows = await t.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.idempotency_key, `${prefix}%`));
  return rows.map((r) => r.payload as EmailPayload).filter((p) => p.to === to);
}

/** Asks for the change and opens the link mailed to the new address, as its reader would (no session). */
async function changeEmail(cookie: string, newEmail: string) {
  const asked = await auth('/change-email', { newEmail, callbackURL: '/auth/account?email=confirmed' }, cookie);
  expect(asked.status, await asked.clone().text()).toBe(200);
  const [mail] = await mailsTo(newEmail.trim().toLowerCase(), 'change-email:');
  expect(mail).toBeTruthy();
  const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
  return { mail: mail!, open: () => t.request(`${link.pathname}${link.search}`) };
}

/** The sign-up link of the invitation queued for `email`. */
async function invitationToken(email: string) {
  const rows = await t.db.select({ payload: outbox.payload }).from(outbox).where(like(outbox.idempotency_key, 'host-invite:%'));
  const mail = rows.map((r) => r.payload as EmailPayload).find((p) => p.to === email);
  return decodeURIComponent(/accept-invite\?token=([\w%-]+)/.exec(mail!.text)![1]!);
}

describe('a stranger moving onto a pending address', () => {
  it("is refused, for the co-host's address in any spelling, and never becomes a co-host", async () => {
    const e = await createEvent(t, owner);
    const invited = unique('cohost');
    await addHost(e.id, invited);
    const stranger = await signedInUser(t);

    for (const spelling of [invited, invited.toUpperCase(), `  ${invited} `]) {
      const res = await auth('/change-email', { newEmail: spelling, callbackURL: '/auth/account' }, stranger.cookie);
      expect(res.status, spelling).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: 'conflict', fields: { newEmail: EMAIL_HAS_PENDING_PLACE } });
    }
    expect(await mailsTo(invited, 'change-email:')).toEqual([]);
    expect((await csvOf(e.id, stranger.cookie)).status).toBe(404);
    expect(await eventsOf(stranger.cookie)).not.toContain(e.id);
  });

  it('is refused for an address the owner invited to host (no event)', async () => {
    const invited = unique('future-host');
    const inv = await t.request('/api/people/invitations', { method: 'POST', json: { email: invited }, cookie: owner.cookie });
    expect(inv.status).toBe(201);
    const stranger = await signedInUser(t);
    const res = await auth('/change-email', { newEmail: invited }, stranger.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).error.fields.newEmail).toBe(EMAIL_HAS_PENDING_PLACE);
  });

  it('a link asked for before the place was added does not change the address, and grants nothing', async () => {
    const e = await createEvent(t, owner);
    const target = unique('later');
    const stranger = await signedInUser(t);
    const { open } = await changeEmail(stranger.cookie, target);
    await addHost(e.id, target); // the owner adds that address while the link is in the inbox
    const res = await open();
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth/account?email=confirmed&error=EMAIL_HAS_PENDING_PLACE');
    const [row] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, stranger.id));
    expect(row!.email).toBe(stranger.email);
    expect((await csvOf(e.id, stranger.cookie)).status).toBe(404);
  });

  it('even with the address taken behind the app, a pending place gives the account nothing', async () => {
    const e = await createEvent(t, owner);
    const invited = unique('bypass');
    await addHost(e.id, invited);
    const stranger = await signedInUser(t);
    // Whatever path might set the address (none is left), the place stays pending: access goes by account id.
    await t.db.update(user).set({ email: invited }).where(eq(user.id, stranger.id));
    expect((await csvOf(e.id, stranger.cookie)).status).toBe(404);
    expect(await eventsOf(stranger.cookie)).not.toContain(e.id);
    expect((await t.request(`/api/checkin/${e.id}/stats`, { cookie: stranger.cookie })).status).toBe(404);
  });
});

describe('the confirmation and the notice', () => {
  it('the confirmation names the requesting account; the old address is told once it changed', async () => {
    const u = await signedInUser(t);
    expect((await auth('/update-user', { name: 'Mallory Example' }, u.cookie)).status).toBe(200);
    const target = unique('moved');
    const { mail, open } = await changeEmail(u.cookie, target);
    expect(mail.text).toContain(`Mallory Example (${u.email})`);
    expect(mail.html).toContain('Mallory Example');
    expect(mail.html).toContain(u.email);
    // Nothing told before the link is opened.
    expect(await mailsTo(u.email, 'email-changed:')).toEqual([]);

    expect((await open()).status).toBe(302);
    const [notice] = await mailsTo(u.email, 'email-changed:');
    expect(notice).toMatchObject({ subject: 'Your Turnout e-mail address was changed' });
    expect(notice!.text).toContain(target);
    // Opening the link again changes nothing and tells nobody twice.
    await open();
    expect(await mailsTo(u.email, 'email-changed:')).toHaveLength(1);
    expect(await mailsTo(target, 'email-changed:')).toEqual([]);
  });
});

describe('team members who change their e-mail', () => {
  it('an accepted co-host keeps the place under the new address; the old address gives nobody access', async () => {
    const e = await createEvent(t, owner);
    const email = unique('accepted');
    await addHost(e.id, email);
    const accepted = await t.request('/api/invitations/accept', {
      method: 'POST',
      json: { token: await invitationToken(email), name: 'Sam Door', password: TEST_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    const cookie = cookiesFrom(accepted);
    expect((await csvOf(e.id, cookie)).status).toBe(200);

    const moved = unique('accepted-moved');
    expect((await (await changeEmail(cookie, moved)).open()).status).toBe(302);
    const signIn = await auth('/sign-in/email', { email: moved, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    expect((await csvOf(e.id, cookiesFrom(signIn))).status).toBe(200);
    expect(await hostsOf(e.id)).toEqual([expect.objectContaining({ email: moved, role: 'cohost', has_account: true })]);

    // The freed old address is no place: a new account there gets nothing.
    const newcomer = await signedInUser(t, { email });
    expect((await csvOf(e.id, newcomer.cookie)).status).toBe(404);
  });

  it('a co-host added with an existing account is bound at once and keeps the place after a change', async () => {
    const e = await createEvent(t, owner);
    const member = await signedInUser(t);
    await addHost(e.id, member.email, 'door');
    const moved = unique('door-moved');
    await (await changeEmail(member.cookie, moved)).open();
    const [row] = await t.db
      .select({ email: event_hosts.email, user_id: event_hosts.user_id })
      .from(event_hosts)
      .where(eq(event_hosts.event_id, e.id));
    expect(row).toEqual({ email: moved, user_id: member.id });
  });

  it('a removed co-host has no way back by e-mail', async () => {
    const e = await createEvent(t, owner);
    const member = await signedInUser(t);
    await addHost(e.id, member.email);
    expect((await csvOf(e.id, member.cookie)).status).toBe(200);
    const del = await t.request(`/api/events/${e.id}/hosts/${encodeURIComponent(member.email)}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(del.status).toBe(204);
    expect((await csvOf(e.id, member.cookie)).status).toBe(404);
    const moved = unique('removed-moved');
    await (await changeEmail(member.cookie, moved)).open();
    expect((await csvOf(e.id, member.cookie)).status).toBe(404);
    expect(
      await t.db
        .select()
        .from(event_hosts)
        .where(and(eq(event_hosts.event_id, e.id), eq(event_hosts.user_id, member.id))),
    ).toEqual([]);
  });

  it('a pending place is bound to the account created for its address, by invitation or otherwise', async () => {
    const e = await createEvent(t, owner);
    const email = unique('cli');
    await addHost(e.id, email);
    expect((await hostsOf(e.id))[0]).toMatchObject({ email, has_account: false });
    const created = await signedInUser(t, { email }); // the CLI's way: createUser
    expect((await hostsOf(e.id))[0]).toMatchObject({ email, has_account: true });
    expect((await csvOf(e.id, created.cookie)).status).toBe(200);
  });
});

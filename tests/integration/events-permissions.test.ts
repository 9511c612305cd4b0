import { describe, expect, it } from 'vitest';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import { createEvent, futureDate } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

const owner = await signedInUser(t);
const cohost = await signedInUser(t, { email: `cohost-${Date.now()}@example.com` });
const stranger = await signedInUser(t);
const anonymous = { cookie: '' };
const shared = await createEvent(t, owner, { title: 'Shared Event' });
{
  // Added in mixed case and with spaces: stored trimmed and lower-cased, so it matches the account.
  const res = await t.request(`/api/events/${shared.id}/hosts`, {
    method: 'POST',
    json: { email: `  ${cohost.email.toUpperCase()} ` },
    cookie: owner.cookie,
  });
  expect(res.status).toBe(201);
}

type Actor = { cookie: string };
type Endpoint = {
  name: string;
  /** Makes the request against `event` (a fresh one for destructive endpoints). */
  send: (who: Actor, event: TEventAdmin) => Response | Promise<Response>;
  ok: number;
  /** Needs its own event per call (delete). */
  fresh?: boolean;
};

let n = 0;
const endpoints: Endpoint[] = [
  { name: 'GET /api/events/:id', ok: 200, send: (who, e) => t.request(`/api/events/${e.id}`, { cookie: who.cookie }) },
  {
    name: 'PATCH /api/events/:id',
    ok: 200,
    send: (who, e) => t.request(`/api/events/${e.id}`, { method: 'PATCH', json: { subtitle: `edit ${n++}` }, cookie: who.cookie }),
  },
  { name: 'GET /api/events/:id/hosts', ok: 200, send: (who, e) => t.request(`/api/events/${e.id}/hosts`, { cookie: who.cookie }) },
  {
    name: 'POST /api/events/:id/hosts',
    ok: 201,
    send: (who, e) =>
      t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: `added-${n++}@example.com` }, cookie: who.cookie }),
  },
  {
    name: 'DELETE /api/events/:id/hosts/:email',
    ok: 204,
    send: async (who, e) => {
      const email = `removable-${n++}@example.com`;
      await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email }, cookie: owner.cookie });
      return t.request(`/api/events/${e.id}/hosts/${encodeURIComponent(email)}`, { method: 'DELETE', cookie: who.cookie });
    },
  },
  {
    name: 'DELETE /api/events/:id',
    ok: 204,
    fresh: true,
    send: (who, e) => t.request(`/api/events/${e.id}`, { method: 'DELETE', cookie: who.cookie }),
  },
];

async function eventFor(ep: Endpoint): Promise<TEventAdmin> {
  if (!ep.fresh) return shared;
  const e = await createEvent(t, owner);
  await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
  return e;
}

describe.each(endpoints)('$name', (ep) => {
  it('anonymous → 401', async () => {
    const res = await ep.send(anonymous, await eventFor(ep));
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthenticated');
  });

  it('another signed-in user → 404 (not 403), and nothing changes', async () => {
    const e = await eventFor(ep);
    const res = await ep.send(stranger, e);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ code: 'not_found' });
    expect((await t.request(`/api/events/${e.id}`, { cookie: owner.cookie })).status).toBe(200);
  });

  it(`co-host → ${ep.ok}`, async () => {
    expect((await ep.send(cohost, await eventFor(ep))).status).toBe(ep.ok);
  });

  it(`owner → ${ep.ok}`, async () => {
    expect((await ep.send(owner, await eventFor(ep))).status).toBe(ep.ok);
  });

  it('an unknown or malformed id → 404 for everyone signed in', async () => {
    const ghost = { ...shared, id: crypto.randomUUID() };
    expect((await ep.send(owner, ghost)).status).toBe(404);
    expect((await ep.send(owner, { ...shared, id: 'not-a-uuid' })).status).toBe(404);
  });
});

describe('collection endpoints', () => {
  it('GET /api/events: 401 anonymous; each user sees exactly what they own or co-host', async () => {
    expect((await t.request('/api/events')).status).toBe(401);
    const ids = async (who: Actor) =>
      ((await (await t.request('/api/events', { cookie: who.cookie })).json()).events as TEventAdmin[]).map((e) => e.id);
    expect(await ids(stranger)).toEqual([]);
    expect(await ids(owner)).toContain(shared.id);
    const asCohost = (await (await t.request('/api/events', { cookie: cohost.cookie })).json()).events as TEventAdmin[];
    expect(asCohost.map((e) => e.id)).toContain(shared.id);
    expect(asCohost.find((e) => e.id === shared.id)?.role).toBe('cohost');
    const own = await createEvent(t, stranger);
    expect(await ids(stranger)).toEqual([own.id]);
  });

  it('POST /api/events, /api/themes, /api/media: 401 anonymous', async () => {
    const create = await t.request('/api/events', { method: 'POST', json: { title: 'X', event_date: futureDate() } });
    expect(create.status).toBe(401);
    expect((await t.request('/api/themes')).status).toBe(401);
    expect((await t.request('/api/themes', { method: 'POST', json: { name: 'x' } })).status).toBe(401);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'a.jpg');
    expect((await t.request('/api/media', { method: 'POST', body: form })).status).toBe(401);
  });

  it('a co-host manages fully: edits, manages hosts, and may delete; a removed co-host loses access', async () => {
    const e = await createEvent(t, owner);
    const helper = await signedInUser(t);
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: helper.email }, cookie: owner.cookie });
    const edit = await t.request(`/api/events/${e.id}`, { method: 'PATCH', json: { title: 'Co-hosted' }, cookie: helper.cookie });
    expect((await edit.json()).event).toMatchObject({ title: 'Co-hosted', role: 'cohost', user_id: owner.id });
    await t.request(`/api/events/${e.id}/hosts/${encodeURIComponent(helper.email)}`, { method: 'DELETE', cookie: owner.cookie });
    expect((await t.request(`/api/events/${e.id}`, { cookie: helper.cookie })).status).toBe(404);
  });
});

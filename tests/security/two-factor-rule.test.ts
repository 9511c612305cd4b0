/**
 * The owner's rule "two-factor sign-in for everyone who manages paid events" (docs/product.md#people,
 * docs/decisions/0020-people.md): off by default; when on, an owner or co-host of a paid event without
 * two-factor gets 403 `two_factor_required` on that event's routes and on making an event paid, and
 * gets through once enrolled. Free events, the list of one's events and check-in stay open.
 */
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_REQUIRED } from '../../src/common/messages.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser, TEST_PASSWORD } from '../factories/users.ts';
import { cookiesFrom, createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

const owner = await signedInUser(t, { role: 'admin' });
const host = await signedInUser(t);
const cohost = await signedInUser(t);
const door = await signedInUser(t);
const stranger = await signedInUser(t);

const paid = await createEvent(t, host, { title: 'Paid Gala', ...paidEventInput() });
const free = await createEvent(t, host, { title: 'Free Picnic' });
for (const e of [paid, free]) {
  for (const [email, role] of [
    [cohost.email, 'cohost'],
    [door.email, 'door'],
  ] as const) {
    expect((await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email, role }, cookie: host.cookie })).status).toBe(201);
  }
}
expect((await postRsvp(t, paid.id, rsvpInput())).status).toBe(201);

const setRule = async (on: boolean) => {
  const res = await t.request('/api/settings', { method: 'PATCH', json: { require_two_factor_for_paid: on }, cookie: owner.cookie });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ require_two_factor_for_paid: on });
};

async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  expect((await res.json()).error).toEqual({ code: 'two_factor_required', message: TWO_FACTOR_REQUIRED });
}

/** The routes a host uses to manage one event (reads and writes of the event, its team and its guests). */
const managing = (id: string, title = 'Renamed') =>
  [
    ['GET', `/api/events/${id}`, undefined],
    ['PATCH', `/api/events/${id}`, { title }],
    ['GET', `/api/events/${id}/hosts`, undefined],
    ['GET', `/api/events/${id}/rsvps`, undefined],
    ['GET', `/api/events/${id}/rsvps.csv`, undefined],
  ] as const;

describe('the rule is off by default', () => {
  it('hosts without two-factor manage paid events', async () => {
    expect(await (await t.request('/api/settings', { cookie: host.cookie })).json()).toEqual({ require_two_factor_for_paid: false });
    for (const [method, path, json] of managing(paid.id)) {
      expect((await t.request(path, { method, json, cookie: host.cookie })).status, `${method} ${path}`).toBe(200);
    }
  });
});

describe('when the owner turns it on', () => {
  it('an owner or co-host of a paid event without two-factor is refused on every route of that event', async () => {
    await setRule(true);
    for (const who of [host, cohost]) {
      for (const [method, path, json] of managing(paid.id, 'Not applied')) {
        await expectRefused(await t.request(path, { method, json, cookie: who.cookie }));
      }
    }
    // Nothing was changed by the refused edit.
    const [row] = (await (await t.request('/api/events', { cookie: host.cookie })).json()).events.filter(
      (e: { id: string }) => e.id === paid.id,
    );
    expect(row.title).toBe('Renamed');
  });

  it('free events, the list of events and check-in stay open; strangers still get 404', async () => {
    for (const [method, path, json] of managing(free.id)) {
      expect((await t.request(path, { method, json, cookie: host.cookie })).status, `${method} ${path}`).toBe(200);
    }
    expect((await t.request('/api/events', { cookie: cohost.cookie })).status).toBe(200);
    expect((await t.request(`/api/checkin/${paid.id}/stats`, { cookie: door.cookie })).status).toBe(200);
    expect((await t.request(`/api/events/${paid.id}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`/api/events/${paid.id}`, { cookie: '' })).status).toBe(401);
  });

  it('making an event paid is refused: on create and on edit', async () => {
    await expectRefused(
      await t.request('/api/events', {
        method: 'POST',
        json: { title: 'New Paid', event_date: free.event_date, ...paidEventInput() },
        cookie: host.cookie,
      }),
    );
    await expectRefused(await t.request(`/api/events/${free.id}`, { method: 'PATCH', json: paidEventInput(), cookie: host.cookie }));
    // A stranger's edit of someone else's event is still a 404, whatever it asks for.
    expect((await t.request(`/api/events/${free.id}`, { method: 'PATCH', json: paidEventInput(), cookie: stranger.cookie })).status).toBe(
      404,
    );
    // A free event is still created.
    expect(
      (await t.request('/api/events', { method: 'POST', json: { title: 'Free Too', event_date: free.event_date }, cookie: host.cookie }))
        .status,
    ).toBe(201);
  });

  it('after enrolling in two-factor the same host gets through', async () => {
    const enable = await t.request('/api/auth/two-factor/enable', {
      method: 'POST',
      json: { password: TEST_PASSWORD },
      cookie: host.cookie,
    });
    expect(enable.status).toBe(200);
    const totp = OTPAuth.URI.parse(((await enable.json()) as { totpURI: string }).totpURI) as OTPAuth.TOTP;
    const verified = await t.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      json: { code: totp.generate() },
      cookie: host.cookie,
    });
    expect(verified.status).toBe(200);
    const cookie = cookiesFrom(verified) || host.cookie;
    for (const [method, path, json] of managing(paid.id)) {
      expect((await t.request(path, { method, json, cookie })).status, `${method} ${path}`).toBe(200);
    }
    // The co-host still has none.
    await expectRefused(await t.request(`/api/events/${paid.id}`, { cookie: cohost.cookie }));
  });

  it('turned off again, everyone manages as before', async () => {
    await setRule(false);
    expect((await t.request(`/api/events/${paid.id}`, { cookie: cohost.cookie })).status).toBe(200);
  });

  it('the setting takes only a boolean, named in the error', async () => {
    for (const json of [{}, { require_two_factor_for_paid: 'yes' }, { require_two_factor_for_paid: null }]) {
      const res = await t.request('/api/settings', { method: 'PATCH', json, cookie: owner.cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error.fields.require_two_factor_for_paid).toBe('Must be true or false.');
    }
  });
});

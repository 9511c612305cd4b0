/**
 * Calendar feeds (docs/product.md#calendar-feed, docs/decisions/0036-calendar-feeds.md): a user's feed lists
 * exactly the active events they own or co-host from 30 days ago on, an event's feed that event; the token is
 * the only credential, stored as a hash; turning off or making a new link kills the old one at once; the
 * account routes take a session only; the token never reaches the log.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { TCalendarFeed } from '../../src/common/schemas/calendar-feeds.ts';
import { user } from '../../src/server/db/schema/auth.ts';
import { calendar_feeds } from '../../src/server/db/schema/calendar-feeds.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { hashFeedToken } from '../../src/server/modules/calendar-feeds/feed-token.ts';
import { createLogger } from '../../src/server/logger.ts';
import { insertEvent } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const t = await createTestApp({ RATE_LIMIT: 'false' }, { log: createLogger('debug', sink) });
const host = await signedInUser(t);
const cohost = await signedInUser(t);
const door = await signedInUser(t);
const other = await signedInUser(t);

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);
const mine = await insertEvent(t, { user_id: host.id, title: 'Host Gala', event_date: at(10), end_date: at(10.2), location: 'Pier 7' });
await insertEvent(t, { user_id: host.id, title: 'Last Week', event_date: at(-7) });
const old = await insertEvent(t, { user_id: host.id, title: 'Long Ago', event_date: at(-60) });
const inactive = await insertEvent(t, { user_id: host.id, title: 'Hidden Draft', event_date: at(5), is_active: false });
const cohosted = await insertEvent(t, { user_id: other.id, title: 'Cohosted Fair', event_date: at(20) });
const foreign = await insertEvent(t, { user_id: other.id, title: 'Not Yours', event_date: at(3) });
for (const [email, role] of [
  [host.email, 'cohost'],
  [door.email, 'door'],
] as const) {
  const res = await t.request(`/api/events/${cohosted.id}/hosts`, { method: 'POST', json: { email, role }, cookie: other.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function make(who: { cookie: string }, path = '/api/account/calendar-feed'): Promise<TCalendarFeed> {
  const res = await t.request(path, { method: 'POST', cookie: who.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).feed;
}
const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => /\/cal\/(cal_[\w-]{43})\.ics$/.exec(url)![1]!;

function parse(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const vevents = cal.getAllSubcomponents('vevent');
  return {
    name: cal.getFirstPropertyValue('x-wr-calname'),
    titles: vevents.map((e) => e.getFirstPropertyValue('summary')).sort(),
    uids: vevents.map((e) => e.getFirstPropertyValue('uid')),
    vevents,
  };
}

describe('the feed of all the events one hosts', () => {
  it('is off until made; made, its link is https and webcal:// on PUBLIC_BASE_URL, the table keeps only a hash', async () => {
    const before = await t.request('/api/account/calendar-feed', { cookie: host.cookie });
    expect(await before.json()).toEqual({ feed: null });
    const feed = await make(host);
    expect(feed.url).toMatch(new RegExp(`^${TEST_ORIGIN}/cal/cal_[\\w-]{43}\\.ics$`));
    expect(feed.webcal_url).toBe(feed.url!.replace('http://', 'webcal://'));
    const again = await (await t.request('/api/account/calendar-feed', { cookie: host.cookie })).json();
    expect(again.feed).toEqual(feed);
    const token = tokenOf(feed.url!);
    const [row] = await t.db.select().from(calendar_feeds).where(eq(calendar_feeds.user_id, host.id));
    expect(row!.secret_hash).toBe(hashFeedToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("lists exactly the user's active events as owner or co-host from 30 days ago, parsed by ical.js, with stable UIDs", async () => {
    const feed = (await (await t.request('/api/account/calendar-feed', { cookie: host.cookie })).json()).feed as TCalendarFeed;
    const res = await t.request(pathOf(feed.url!));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const body = await res.text();
    const cal = parse(body);
    expect(cal.name).toBe('Turnout: events you host');
    expect(cal.titles).toEqual(['Cohosted Fair', 'Host Gala', 'Last Week']);
    expect(cal.uids).toContain(`event-${mine.id}@localhost`);
    const gala = cal.vevents.find((e) => e.getFirstPropertyValue('summary') === 'Host Gala')!;
    expect(gala.getFirstPropertyValue('location')).toBe('Pier 7');
    expect(gala.getFirstPropertyValue('url')).toBe(`${TEST_ORIGIN}/event/${mine.id}`);
    for (const gone of [old, inactive, foreign]) expect(body).not.toContain(gone.id);
    // Same UIDs on the next read: a calendar app updates its entries instead of adding copies.
    expect(parse(await (await t.request(pathOf(feed.url!))).text()).uids).toEqual(cal.uids);
  });

  it("another user's feed never holds this user's events; a door place adds nothing", async () => {
    const doorFeed = await make(door);
    expect(parse(await (await t.request(pathOf(doorFeed.url!))).text()).titles).toEqual([]);
    const otherFeed = await make(other);
    expect(parse(await (await t.request(pathOf(otherFeed.url!))).text()).titles).toEqual(['Cohosted Fair', 'Not Yours']);
  });

  it('an event made inactive or deleted drops out on the next read', async () => {
    const feed = await make(cohost);
    const e = await insertEvent(t, { user_id: cohost.id, title: 'Soon Gone', event_date: at(2) });
    expect(parse(await (await t.request(pathOf(feed.url!))).text()).titles).toEqual(['Soon Gone']);
    await t.db.update(events).set({ is_active: false }).where(eq(events.id, e.id));
    expect(parse(await (await t.request(pathOf(feed.url!))).text()).titles).toEqual([]);
    await t.db.delete(events).where(eq(events.id, e.id));
    expect((await t.request(pathOf(feed.url!))).status).toBe(200);
  });

  it('a new link works and the old one is 404 at once; turned off, the link is 404; unknown tokens are 404', async () => {
    const first = await make(host);
    const second = await make(host);
    expect(second.url).not.toBe(first.url);
    expect((await t.request(pathOf(first.url!))).status).toBe(404);
    expect((await t.request(pathOf(second.url!))).status).toBe(200);
    const off = await t.request('/api/account/calendar-feed', { method: 'DELETE', cookie: host.cookie });
    expect(off.status).toBe(204);
    expect((await t.request(pathOf(second.url!))).status).toBe(404);
    expect(await (await t.request('/api/account/calendar-feed', { cookie: host.cookie })).json()).toEqual({ feed: null });
    for (const bad of ['/cal/cal_x.ics', `/cal/cal_${'A'.repeat(43)}.ics`, `/cal/${tokenOf(second.url!)}`])
      expect((await t.request(bad)).status).toBe(404);
  });

  it("a deactivated account's feed is 404", async () => {
    const who = await signedInUser(t);
    const feed = await make(who);
    await t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, who.id));
    expect((await t.request(pathOf(feed.url!))).status).toBe(404);
  });
});

describe("an event's own feed", () => {
  it('holds that one event; owner and co-hosts each have their own link; door staff and strangers get 404', async () => {
    const path = `/api/events/${cohosted.id}/calendar-feed`;
    const ownerFeed = await make(other, path);
    const cohostFeed = await make(host, path);
    expect(cohostFeed.url).not.toBe(ownerFeed.url);
    for (const f of [ownerFeed, cohostFeed]) {
      const cal = parse(await (await t.request(pathOf(f.url!))).text());
      expect(cal).toMatchObject({ name: 'Cohosted Fair', titles: ['Cohosted Fair'], uids: [`event-${cohosted.id}@localhost`] });
    }
    for (const who of [door, cohost]) {
      for (const method of ['GET', 'POST', 'DELETE']) expect((await t.request(path, { method, cookie: who.cookie })).status).toBe(404);
    }
    // Each link is its holder's: the co-host turning theirs off leaves the owner's working.
    await t.request(`/api/events/${cohosted.id}/calendar-feed`, { method: 'DELETE', cookie: host.cookie });
    expect((await t.request(pathOf(cohostFeed.url!))).status).toBe(404);
    expect((await t.request(pathOf(ownerFeed.url!))).status).toBe(200);
  });

  it('an API key is refused on the account routes', async () => {
    const key = await t.request('/api/account/api-keys', {
      method: 'POST',
      json: { name: 'feeds', scopes: ['events:read', 'events:write'] },
      cookie: host.cookie,
    });
    const { secret } = await key.json();
    for (const path of ['/api/account/calendar-feed', `/api/events/${mine.id}/calendar-feed`]) {
      const res = await t.request(path, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('api_key_not_allowed');
    }
  });
});

describe('logs', () => {
  it('no log line holds a feed token', async () => {
    const feed = await make(host);
    await t.request(pathOf(feed.url!));
    await t.request(`/cal/cal_${'B'.repeat(43)}.ics`);
    const logged = lines.join('');
    expect(logged).toContain('/cal/:file');
    expect(logged).not.toContain(tokenOf(feed.url!));
    expect(logged).not.toContain('B'.repeat(43));
  });
});

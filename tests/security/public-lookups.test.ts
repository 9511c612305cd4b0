/**
 * Issue 29, item 7 (part): `/s/{code}` is a public lookup by a guessable-length code, so it is rate
 * limited per client address like the other public lookups (SHORT_LINK_LIMIT: 429 with Retry-After,
 * docs/product.md#limits-and-constants); before, any number of guesses were answered. And the SMS
 * sandbox, which texts any number on the instance's Twilio account, is the instance owner's only
 * (docs/product.md#sms-sandbox); before, any owner or co-host of an event could use it.
 */
import { describe, expect, it } from 'vitest';
import { SMS_SANDBOX_OWNER_ONLY } from '../../src/common/messages.ts';
import { SHORT_LINK_LIMIT } from '../../src/server/modules/short-links/short-links.routes.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';

const t = await createTestApp({ TRUST_PROXY: 'true', LOG_LEVEL: 'error' });
const host = await signedInUser(t);
const event = await createEvent(t, host);
const guest = await postRsvp(t, event.id, rsvpInput());
expect(guest.status).toBe(201);
const link = await t.request(`/api/events/${event.id}/rsvps/${guest.body.rsvp.id}/short-link`, {
  method: 'POST',
  json: { target: 'ticket' },
  cookie: host.cookie,
});
expect(link.status).toBe(201);
const code: string = (await link.json()).code;

const open = (c: string, ip: string) => t.app.request(`${TEST_ORIGIN}/s/${c}`, { headers: { 'x-forwarded-for': ip } });

describe('GET /s/{code}: rate limited per client address', () => {
  it(`past ${SHORT_LINK_LIMIT.points} a minute a client gets 429 with Retry-After, even for a real code; others do not`, async () => {
    const guesser = '203.0.113.7';
    for (let i = 0; i < SHORT_LINK_LIMIT.points; i++) {
      expect((await open(`Guess${String(i).padStart(3, '0')}`, guesser)).status).toBe(404);
    }
    const refused = await open(code, guesser);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe('rate_limited');
    // Another client (the guest) still opens the link.
    const ok = await open(code, '198.51.100.20');
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toMatch(/\/ticket\//);
  });
});

describe('POST /api/send-sms: the SMS sandbox is the instance owner’s only', () => {
  it('an event owner gets 403 naming who may use it; the instance owner gets an answer', async () => {
    const send = (cookie: string) => t.request('/api/send-sms', { method: 'POST', json: { to: '4155550123', message: 'Hi' }, cookie });
    const refused = await send(host.cookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({ code: 'forbidden', message: SMS_SANDBOX_OWNER_ONLY });
    const owner = await signedInUser(t, { role: 'admin' });
    const res = await send(owner.cookie);
    expect(res.status).toBe(200);
    expect((await res.json()).code).toBe('MISSING_API_KEY'); // no Twilio here
  });
});

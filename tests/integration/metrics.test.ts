import { afterAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/server/env.ts';
import { createEvent } from '../factories/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const t = await createTestApp({ RATE_LIMIT: 'false', METRICS_TOKEN: TOKEN });
const off = await createTestApp({ RATE_LIMIT: 'false' });
afterAll(async () => {
  await t.close();
  await off.close();
});

const scrape = (token?: string, app = t) => app.request('/metrics', { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /metrics (docs/product.md#operations)', () => {
  it('is off without METRICS_TOKEN and refuses a missing or wrong token', async () => {
    expect((await scrape(TOKEN, off)).status).toBe(404);
    expect((await scrape()).status).toBe(401);
    const wrong = await scrape('nope-nope-nope-nope');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('exposes request durations by route, RSVPs by outcome, the outbox and the pool in Prometheus text', async () => {
    const owner = await signedInUser(t);
    const e = await createEvent(t, owner, { max_attendees: 1 });
    const answer = (email: string) =>
      t.request(`/api/public/events/${e.id}/rsvps`, { method: 'POST', json: { name: 'Ada', email, guest_count: 1, status: 'confirmed' } });
    expect((await answer('ada@example.com')).status).toBe(201);
    expect((await answer('ada@example.com')).status).toBe(200);
    expect((await answer('bob@example.com')).status).toBe(409);
    await t.request(`/api/public/events/${e.id}`);
    // Pages come from the SPA's catch-all: labelled by the page's pattern; an unknown path stays unmatched.
    const page = await t.request(`/event/${e.slug}`);
    expect(page.status).toBe(200);
    expect((await t.request('/no-such-page')).status).toBe(404);

    const res = await scrape(TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('# TYPE turnout_http_request_duration_seconds histogram');
    expect(text).toMatch(
      /turnout_http_request_duration_seconds_count\{method="GET",route="\/api\/public\/events\/:idOrSlug",status="200"\} 1\n/,
    );
    expect(text).toMatch(
      /turnout_http_request_duration_seconds_bucket\{method="POST",route="\/api\/public\/events\/:eventId\/rsvps",status="201",le="\+Inf"\} 1\n/,
    );
    expect(text).toMatch(/turnout_http_request_duration_seconds_count\{method="GET",route="\/event\/:id",status="200"\} 1\n/);
    expect(text).toMatch(/turnout_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 1\n/);
    for (const outcome of ['recorded', 'already_answered', 'full']) expect(text).toContain(`turnout_rsvps_total{outcome="${outcome}"} 1\n`);
    // No check-in request: no answer waited behind the door (docs/decisions/0037-door-first.md).
    for (const outcome of ['queued', 'refused']) expect(text).toContain(`turnout_door_first_answers_total{outcome="${outcome}"} 0\n`);
    expect(text).toContain('turnout_answers_first_page_views_held_total 0\n');
    // The first answer's confirmation waits in the outbox (no worker in tests).
    expect(text).toMatch(/\nturnout_outbox_depth [1-9]\d*\n/);
    expect(text).toMatch(/\nturnout_outbox_oldest_due_seconds \d+(\.\d+)?(e-\d+)?\n/);
    expect(text).toMatch(/\nturnout_db_pool_in_use \d+\n/);
    expect(text).toMatch(/\nturnout_db_pool_waiting 0\n/);
    // Every sample line is `name{labels} value` or `name value`.
    for (const line of text
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#')))
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? [-+\d.e]+$/);
  });
});

describe('production settings', () => {
  const prod = {
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: 'https://events.example.com',
    AUTH_SECRET: 'a'.repeat(40),
    ENCRYPTION_KEY: `${'0'.repeat(63)}1`,
    TICKET_SIGNING_KEY: 'b'.repeat(40),
  };
  it('refuses to start without SMTP_URL unless DEV_MAILBOX=true', () => {
    expect(() => loadEnv(prod)).toThrow(EnvError);
    expect(() => loadEnv(prod)).toThrow(/SMTP_URL: required in production/);
    expect(loadEnv({ ...prod, DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
    expect(loadEnv({ ...prod, SMTP_URL: 'smtp://mail.example.com:587' }).SMTP_URL).toBe('smtp://mail.example.com:587');
    expect(() => loadEnv({ ...prod, DEV_MAILBOX: 'true', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});

/**
 * Security review of issue 29: GET /api/auth/get-session and /list-sessions, the two forwarded reads,
 * have a generous per-client limit like every other forwarded endpoint (AUTH_LIMITS.readsPerIp).
 */
import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/server/auth/auth.routes.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ TRUST_PROXY: 'true' });

const read = (path: string, ip: string, cookie?: string) => t.request(`/api/auth${path}`, { cookie, headers: { 'x-forwarded-for': ip } });

describe('session reads are limited per client', () => {
  it(`${AUTH_LIMITS.readsPerIp.points} reads a minute from one client, then 429 with Retry-After; other clients read on`, async () => {
    const u = await signedInUser(t);
    const ip = '192.0.2.50';
    const { points } = AUTH_LIMITS.readsPerIp;
    // In bursts of 20 at once, not one by one (a fifth less time, side by side under load): the store counts each
    // hit in one atomic statement, so a burst may not let more through than the limit either.
    for (let i = 0; i < points; i += 20) {
      const burst = Array.from({ length: Math.min(20, points - i) }, (_, j) =>
        read((i + j) % 2 ? '/list-sessions' : '/get-session', ip, u.cookie),
      );
      expect((await Promise.all(burst)).map((res) => res.status)).toEqual(burst.map(() => 200));
    }
    for (const path of ['/get-session', '/list-sessions']) {
      const refused = await read(path, ip, u.cookie);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await read('/get-session', '192.0.2.51', u.cookie)).status).toBe(200);
  });
});

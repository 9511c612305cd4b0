/**
 * Security review of issue 29: each POST /api/auth/change-email queues a confirmation mail to the new
 * address, so it is limited per account and per new address (ACCOUNT_LIMITS), whoever asks and from
 * wherever — not only by the per-client auth limit.
 */
import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../src/server/auth/account-guard.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ TRUST_PROXY: 'true' });

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
let lastIp = 0;
const freshIp = () => `198.51.100.${++lastIp}`;

/** POST /change-email as `cookie`, from the client address `ip`. */
const changeEmail = (cookie: string, newEmail: string, ip = freshIp()) =>
  t.request('/api/auth/change-email', {
    method: 'POST',
    json: { newEmail, callbackURL: '/auth/account' },
    cookie,
    headers: { 'x-forwarded-for': ip },
  });

async function mailsTo(to: string): Promise<number> {
  const rows = await t.db.select({ payload: outbox.payload }).from(outbox).where(like(outbox.idempotency_key, 'change-email:%'));
  return rows.filter((r) => (r.payload as EmailPayload).to === to).length;
}

describe('change-email cannot flood an inbox', () => {
  it('one account asking again and again for the same address: 3 requests, then 429 with Retry-After', async () => {
    const host = await signedInUser(t);
    const victim = unique('victim');
    const { points } = ACCOUNT_LIMITS.changeEmailPerAddress;
    for (let i = 0; i < points; i++) expect((await changeEmail(host.cookie, victim, '198.51.100.200')).status).toBe(200);
    const refused = await changeEmail(host.cookie, victim, '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe('rate_limited');
    // Requests within the same second carry the same token, which the outbox keeps once.
    expect(await mailsTo(victim)).toBeGreaterThan(0);
    expect(await mailsTo(victim)).toBeLessThanOrEqual(points);
  });

  it('several accounts from several clients asking for the same address: still 3 mails (any spelling)', async () => {
    const victim = unique('victim');
    const accounts = await Promise.all([0, 1, 2, 3, 4].map(() => signedInUser(t)));
    const statuses: number[] = [];
    for (const [i, a] of accounts.entries()) statuses.push((await changeEmail(a.cookie, i % 2 ? victim.toUpperCase() : victim)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await mailsTo(victim)).toBe(ACCOUNT_LIMITS.changeEmailPerAddress.points);
  });

  it('one account asking for ever new addresses: 5 per 15 minutes, from any client', async () => {
    const host = await signedInUser(t);
    const { points } = ACCOUNT_LIMITS.changeEmailPerUser;
    for (let i = 0; i < points; i++) expect((await changeEmail(host.cookie, unique('other'))).status).toBe(200);
    const last = unique('other');
    expect((await changeEmail(host.cookie, last)).status).toBe(429);
    expect(await mailsTo(last)).toBe(0);
  });
});

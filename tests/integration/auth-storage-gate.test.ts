import { describe, expect, it } from 'vitest';
import { BETTER_AUTH_STORAGES, gateBetterAuthStorages, gatedRuns } from '../../src/server/auth/gated-storage.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp();

/** ADR 0038: Better Auth's AsyncLocalStorages are ours, on only while it runs. */
describe("Better Auth's AsyncLocalStorages", () => {
  it('are gated, and none runs once a sign-in and a session read have answered', async () => {
    const context = (globalThis as Record<symbol, { context: Record<string, unknown> }>)[Symbol.for('better-auth:global')]!.context;
    for (const name of BETTER_AUTH_STORAGES) expect(context[name], name).toBeDefined();
    expect(gateBetterAuthStorages()).toBe(true);
    const user = await signedInUser(t);
    const me = await t.request('/api/auth/get-session', { headers: { cookie: user.cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe(user.email);
    expect(gatedRuns()).toBe(0);
  });
});

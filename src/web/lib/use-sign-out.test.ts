import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from './auth.ts';
import { consumeSignedOutFlag } from './session-flags.ts';
import { forgetSession } from './use-sign-out.ts';

/** The browser's sessionStorage, which Node lacks: a plain map behind the same three calls. */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgetSession (every sign-out: the dashboard, the door, another tab)', () => {
  it("clears every cached query, so the next user of this browser never sees the last one's data", () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const qc = new QueryClient();
    qc.setQueryData(sessionKey, { user: { id: 'u1', email: 'ada@example.com' } });
    qc.setQueryData(['events', 'list'], [{ id: 'e1', title: 'Harbour Gala' }]);
    qc.setQueryData(['guests', 'e1'], [{ name: 'Grace' }]);

    forgetSession(qc);

    expect(qc.getQueryData(['events', 'list'])).toBeUndefined();
    expect(qc.getQueryData(['guests', 'e1'])).toBeUndefined();
    expect(qc.getQueryData(sessionKey)).toBeNull();
    expect(consumeSignedOutFlag()).toBe(true);
  });
});

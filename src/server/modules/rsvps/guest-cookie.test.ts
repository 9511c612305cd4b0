import { Hono } from 'hono';
import { generateCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { guestSeenCookie } from '../../../common/guest-cookie.ts';
import type { AppEnv, Deps } from '../../http/context.ts';
import { rememberAnswer } from './guest-cookie.ts';

const EVENT_ID = '0b6c1f7e-4a3d-4c55-9e0f-3f1c2d4b5a69';
const SECRET = 'AbC-_0123456789xyzXYZ-_ab';

async function cookiesFor(baseUrl: string): Promise<string[]> {
  const app = new Hono<AppEnv>();
  app.get('/', (c) => {
    c.set('deps', { env: { PUBLIC_BASE_URL: baseUrl } } as unknown as Deps);
    rememberAnswer(c, EVENT_ID, SECRET);
    return c.json({});
  });
  return (await app.request('/')).headers.getSetCookie();
}

describe('rememberAnswer', () => {
  it("writes both cookies exactly as hono's setCookie would, on https and on http", async () => {
    for (const secure of [true, false]) {
      const base = { maxAge: 180 * 24 * 3600, sameSite: 'Lax', secure } as const;
      expect(await cookiesFor(secure ? 'https://turnout.example' : 'http://localhost:3000')).toEqual([
        generateCookie(`trsvp_${EVENT_ID.replace(/-/g, '')}`, SECRET, { ...base, path: '/api/public', httpOnly: true }),
        generateCookie(guestSeenCookie(EVENT_ID), '1', { ...base, path: '/' }),
      ]);
    }
  });
});

import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../src/server/db/schema/auth.ts';
import { createLogger } from '../../src/server/logger.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

// Security review of issue 29: Better Auth's own errors (a failed query quotes its parameters) went to
// the console, past the app's log and its redaction. They now go through the app's logger, without values.
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const t = await createTestApp({ RATE_LIMIT: 'false' }, { log: createLogger('debug', sink) });

/** Everything written to the console or stderr while `fn` runs. */
async function consoleOf(fn: () => Promise<void>): Promise<string> {
  const out: string[] = [];
  const record = (...args: unknown[]) => {
    out.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  const spies = [
    vi.spyOn(console, 'error').mockImplementation(record),
    vi.spyOn(console, 'warn').mockImplementation(record),
    vi.spyOn(console, 'log').mockImplementation(record),
    vi.spyOn(console, 'info').mockImplementation(record),
    vi.spyOn(console, 'debug').mockImplementation(record),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    }),
  ];
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return out.join('\n');
}

describe("Better Auth's errors go through the app's log, without values", () => {
  it('a failed session lookup and a failed account lookup quote neither the session token nor the e-mail', async () => {
    const host = await signedInUser(t, { email: 'auth.logwatch@example.org' });
    const [row] = await t.db.select({ token: session.token }).from(session).where(eq(session.userId, host.id));
    const token = row!.token;

    const printed = await consoleOf(async () => {
      await t.db.execute('ALTER TABLE "session" RENAME TO session_away');
      try {
        expect((await t.request('/api/auth/get-session', { cookie: host.cookie })).status).toBe(500);
      } finally {
        await t.db.execute('ALTER TABLE session_away RENAME TO "session"');
      }
      await t.db.execute('ALTER TABLE "user" RENAME TO user_away');
      try {
        const asked = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: host.email } });
        expect(asked.status).toBe(500);
      } finally {
        await t.db.execute('ALTER TABLE user_away RENAME TO "user"');
      }
    });

    const logged = lines.join('');
    for (const [where, text] of [
      ['console', printed],
      ['log', logged],
    ] as const) {
      expect(text, where).not.toContain(token);
      expect(text, where).not.toContain(host.email);
      expect(text, where).not.toContain('auth.logwatch');
    }
    expect(printed).toBe('');
    // The failures were logged, by the app's logger.
    expect(logged).toContain('Failed query');
  });
});

afterAll(() => t.close?.());

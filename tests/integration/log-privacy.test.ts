import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { createLogger } from '../../src/server/logger.ts';
import { insertEvent } from '../factories/rsvps.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });

/** A logger whose lines are kept in memory. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger('info', sink), text: () => lines.join('') };
}

describe('guest data stays out of the app log', () => {
  it('a failed statement is logged with its SQL and code, without its values or the key it conflicted on', async () => {
    const event = await insertEvent(t, {});
    const guest = { event_id: event.id, name: 'Zelda Quetzal-Privacy', email: 'zelda.private@example.org', phone: '+14155550199' };
    await t.db.insert(event_rsvps).values(guest);
    const err = await t.db
      .insert(event_rsvps)
      .values(guest)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    // The raw error does carry the values: what the logger must not write.
    expect(`${(err as Error).message} ${JSON.stringify((err as { cause?: { detail?: string } }).cause?.detail)}`).toContain(guest.email);

    const { log, text } = capturedLogger();
    log.error({ err }, 'unhandled error');
    const line = text();
    expect(line).toContain('Failed query: insert into');
    expect(line).toContain('event_rsvps_event_email_key');
    expect(line).toContain('23505');
    for (const value of [guest.name, guest.email, guest.phone, event.id]) expect(line).not.toContain(value);
  });
});

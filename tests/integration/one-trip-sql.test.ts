import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { runMessage } from '../../src/server/db/session-statements.ts';
import { insertPart } from '../../src/server/modules/rsvps/one-trip.ts';
import { insertEvent } from '../factories/rsvps.ts';
import { createTestApp } from '../support/app.ts';

// insertPart's arguments go to EXECUTE as literals quoted as pg.escapeLiteral quotes them, instead of as
// parameters (docs/decisions/0004-rsvp-commit-scheme.md, 0023-prepared-rsvp-write.md). Whatever a guest
// types must come back from the database exactly as a parameterised insert would store it.
const t = await createTestApp({ RATE_LIMIT: 'false' });
let client: pg.PoolClient;
beforeAll(async () => {
  client = await t.db.$client.connect();
});
afterAll(() => client.release());

/** Text that SQL quoting can get wrong, mixed with arbitrary Unicode (no NUL: PostgreSQL text cannot hold it). */
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom("'", "''", '\\', "\\'", "E'\\x41'", '$$', '$tag$', ';', '--', '/*', '\n', '\r\n', '\t', '"', '😀', 'é'),
  fc.array(fc.constantFrom("'", '\\', '$', ';', '-', '"', 'a', ' ', '\n', 'ß', '🎉'), { maxLength: 20 }).map((a) => a.join('')),
);

describe('insertPart round trip', () => {
  it('an RSVP row with arbitrary text reads back unchanged', async () => {
    const event = await insertEvent(t, {});
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.option(text, { nil: null }),
        fc.option(text, { nil: null }),
        fc.integer({ min: 1, max: 10 }),
        async (name, email, phone, notes, guests) => {
          const id = randomUUID();
          const confirmedAt = new Date(Date.UTC(2026, 0, 1, 12, 0, 0, 123));
          const row = {
            id,
            event_id: event.id,
            name,
            email: `${email}@${id}`,
            phone,
            notes,
            guest_count: guests,
            confirmed_at: confirmedAt,
          };
          await runMessage(client, [insertPart(event_rsvps, row)]);
          const [back] = await t.db
            .select({
              name: event_rsvps.name,
              email: event_rsvps.email,
              phone: event_rsvps.phone,
              notes: event_rsvps.notes,
              guests: event_rsvps.guest_count,
              confirmedAt: event_rsvps.confirmed_at,
            })
            .from(event_rsvps)
            .where(eq(event_rsvps.id, id));
          expect(back).toEqual({ name, email: row.email, phone, notes, guests, confirmedAt });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a jsonb payload with arbitrary strings and nesting reads back unchanged', async () => {
    const payload = fc.record({
      to: text,
      subject: text,
      text: text,
      html: text,
      attachments: fc.array(fc.record({ filename: text, contentType: text, contentBase64: fc.base64String({ maxLength: 40 }) }), {
        maxLength: 2,
      }),
    });
    await fc.assert(
      fc.asyncProperty(payload, text, async (p: EmailPayload, key) => {
        const id = randomUUID();
        await runMessage(client, [
          insertPart(outbox, { id, channel: 'email', idempotency_key: `${key}:${id}`, payload: p }, ' ON CONFLICT DO NOTHING'),
        ]);
        const [back] = await t.db.select({ payload: outbox.payload, key: outbox.idempotency_key }).from(outbox).where(eq(outbox.id, id));
        expect(back).toEqual({ payload: p, key: `${key}:${id}` });
      }),
      { numRuns: 150 },
    );
  });

  it('refuses NUL, which PostgreSQL text cannot store, instead of sending it', async () => {
    await expect(runMessage(client, [insertPart(event_rsvps, { name: 'a\0b' })])).rejects.toThrow(/NUL/);
  });

  it('refuses a column the table does not have, and undefined values are left out', () => {
    expect(() => insertPart(event_rsvps, { nope: 'x' } as never)).toThrow(/no column nope/);
    const part = insertPart(event_rsvps, { name: 'x', notes: undefined });
    expect(typeof part !== 'string' && part.statement.text).not.toContain('notes');
  });
});

import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rsvp_pins } from '../../db/schema/rsvps.ts';

const RANDOM_ATTEMPTS = 20;

export const randomPin = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The RSVP's 6-digit PIN, unique within its event: keeps an existing one, else draws random PINs
 * until one is free (the unique index on (event_id, pin) decides, also against concurrent inserts).
 * In a nearly full PIN space it falls back to the lowest free PIN. `draw` is for tests.
 */
export async function assignPin(
  tx: DbOrTx,
  opts: { rsvpId: string; eventId: string; isNew?: boolean; draw?: () => string },
): Promise<string> {
  const { rsvpId, eventId } = opts;
  if (!opts.isNew) {
    const [existing] = await tx.select({ pin: rsvp_pins.pin }).from(rsvp_pins).where(eq(rsvp_pins.rsvp_id, rsvpId)).limit(1);
    if (existing) return existing.pin;
  }
  const draw = opts.draw ?? randomPin;
  for (let i = 0; i < RANDOM_ATTEMPTS; i++) {
    const rows = await tx
      .insert(rsvp_pins)
      .values({ rsvp_id: rsvpId, event_id: eventId, pin: draw() })
      .onConflictDoNothing()
      .returning({ pin: rsvp_pins.pin });
    if (rows[0]) return rows[0].pin;
  }
  const lowest = await tx.execute<{ pin: string }>(sql`
    INSERT INTO rsvp_pins (rsvp_id, event_id, pin)
    SELECT ${rsvpId}, ${eventId}, p.pin FROM generate_series(0, 999999) n, lpad(n::text, 6, '0') AS p(pin)
    WHERE NOT EXISTS (SELECT 1 FROM rsvp_pins x WHERE x.event_id = ${eventId} AND x.pin = p.pin)
    LIMIT 1
    ON CONFLICT DO NOTHING
    RETURNING pin`);
  if (lowest.rows[0]) return lowest.rows[0].pin;
  throw new Error(`assignPin: no free PIN in event ${eventId}`);
}

import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/app.ts';

/**
 * `n` guests of one event written in one statement (an import of a long list): guest i is named
 * `Guest {i}` (zero-padded), `guest{i}@example.com`, phone +1415555{i}, status confirmed / maybe /
 * declined for i mod 3 = 0 / 1 / 2, party size 1 + i mod 4, paid when i mod 5 = 0 (€12.50 a guest, Stripe
 * payment id pi_seed{i}), checked in when
 * i mod 7 = 0, PIN 100000 + i for the confirmed. The seat counter counts the confirmed party sizes.
 */
export async function seedGuests(t: TestApp, eventId: string, n: number, opts: { prefix?: string } = {}) {
  const prefix = opts.prefix ?? 'Guest';
  await t.db.execute(sql`
    WITH ins AS (
      INSERT INTO event_rsvps (event_id, name, email, phone, guest_count, status, type, payment_status,
                               payment_amount, payment_currency, payment_id, attended, checked_in_at,
                               qr_code_data, confirmed_at, notes, created_at)
      SELECT ${eventId}, ${prefix} || ' ' || lpad(i::text, 5, '0'), lower(${prefix}) || i || '@example.com',
             '+1415555' || lpad(i::text, 4, '0'), 1 + i % 4,
             (ARRAY['confirmed','maybe','declined'])[1 + i % 3], 'rsvp',
             CASE WHEN i % 5 = 0 THEN 'paid' END, CASE WHEN i % 5 = 0 THEN 1250 * (1 + i % 4) END,
             CASE WHEN i % 5 = 0 THEN 'eur' END, CASE WHEN i % 5 = 0 THEN 'pi_seed' || i END, i % 7 = 0, CASE WHEN i % 7 = 0 THEN now() END,
             CASE WHEN i % 3 = 0 THEN 'token-' || i END, CASE WHEN i % 3 = 0 THEN now() END,
             CASE WHEN i % 11 = 0 THEN 'note ' || i END,
             now() - make_interval(secs => ${n} - i)
      FROM generate_series(1, ${n}) AS i
      RETURNING id, event_id, status, guest_count, name)
    , pins AS (
      INSERT INTO rsvp_pins (rsvp_id, event_id, pin)
      SELECT id, event_id, (100000 + substring(name from '\\d+$')::int)::text FROM ins WHERE status = 'confirmed')
    UPDATE events SET seats_taken = seats_taken + (SELECT coalesce(sum(guest_count), 0) FROM ins WHERE status = 'confirmed')
    WHERE id = ${eventId}`);
}

import { and, eq, sql } from 'drizzle-orm';
import type { CheckinRefusal } from '../../../common/constants.ts';
import type { TCheckinVerdict } from '../../../common/schemas/responses.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { checkins } from '../../db/schema/checkins.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import type { Actor } from '../events/event-access.ts';
import { admissible, type GuestRow, toCheckinGuest } from './checkin-guest.ts';
import { guestById, resolveCode } from './resolve-code.ts';
import { type CheckinEventRef, teamEvent } from './team-event.ts';

/** How the device saw the scan (docs/decisions/0013-check-in.md): its nonce, when it scanned, its label. */
export type ScanMeta = { nonce: string; scanned_at?: string; device?: string };

export type RecordScanOptions = {
  db: Db;
  signingKey: string;
  actor: Actor;
  eventId: string;
  meta: ScanMeta;
} & ({ kind: 'entry'; code?: string; rsvpId?: string; count?: number } | { kind: 'undo'; rsvpId: string; count?: number });

type Decision = { guest: GuestRow | null; delta: number; reason: CheckinRefusal | null };

/** How many guests this scan admits (entry) or takes back (undo, negative), or why not. */
function decide(kind: 'entry' | 'undo', guest: GuestRow, count: number | undefined): Decision {
  const inside = guest.checked_in_count;
  if (kind === 'entry') {
    if (!admissible(guest)) return { guest, delta: 0, reason: 'not_confirmed' };
    const left = guest.guest_count - inside;
    if (left <= 0) return { guest, delta: 0, reason: 'already_checked_in' };
    const k = count ?? left;
    return k > left ? { guest, delta: 0, reason: 'too_many' } : { guest, delta: k, reason: null };
  }
  if (inside <= 0) return { guest, delta: 0, reason: 'not_checked_in' };
  const k = count ?? inside;
  return k > inside ? { guest, delta: 0, reason: 'too_many' } : { guest, delta: -k, reason: null };
}

/**
 * One admission or undo at the door (docs/product.md#check-in), exactly once:
 * 1. the scan's log row is written first, keyed by (user, nonce): a retry of the same scan finds it and
 *    answers that verdict again (`replay`), changing nothing;
 * 2. the RSVP is row-locked and the change decided on what it holds now, so 50 simultaneous scans of
 *    one ticket admit its guests once and refuse the rest with 'already_checked_in';
 * 3. checked_in_count, attended and checked_in_at move together; the log row records what happened
 *    (admitted, or the refusal reason). The caller announces a change to the live streams after the
 *    commit (CheckinHub.announce).
 */
export async function recordScan(opts: RecordScanOptions): Promise<TCheckinVerdict> {
  const event = await teamEvent(opts.db, opts.actor, opts.eventId);
  const scannedAt = opts.meta.scanned_at ? new Date(opts.meta.scanned_at) : new Date();
  return opts.db.transaction(async (tx) => {
    const [log] = await tx
      .insert(checkins)
      .values({
        event_id: event.id,
        user_id: opts.actor.id,
        device: opts.meta.device ?? null,
        kind: opts.kind,
        nonce: opts.meta.nonce,
        scanned_at: scannedAt,
      })
      .onConflictDoNothing()
      .returning({ id: checkins.id });
    if (!log) return replay(tx, opts, event);

    const found =
      opts.kind === 'entry' && opts.code
        ? await resolveCode({ db: tx, signingKey: opts.signingKey, eventId: event.id, code: opts.code, lock: true })
        : await guestById(tx, event.id, opts.rsvpId!, true);
    const d: Decision = 'guest' in found ? decide(opts.kind, found.guest, opts.count) : { guest: null, delta: 0, reason: found.reason };
    let guest = d.guest;
    if (guest && d.delta !== 0) {
      const [after] = await tx
        .update(event_rsvps)
        .set({
          checked_in_count: sql`${event_rsvps.checked_in_count} + ${d.delta}`,
          attended: sql`${event_rsvps.checked_in_count} + ${d.delta} > 0`,
          checked_in_at: sql`CASE WHEN ${event_rsvps.checked_in_count} + ${d.delta} > 0 THEN coalesce(${event_rsvps.checked_in_at}, ${scannedAt.toISOString()}::timestamptz) END`,
          updated_at: new Date(),
        })
        .where(eq(event_rsvps.id, guest.rsvp_id))
        .returning({ checked_in_count: event_rsvps.checked_in_count, checked_in_at: event_rsvps.checked_in_at });
      guest = { ...guest, ...after! };
    }
    await tx
      .update(checkins)
      .set({ rsvp_id: guest?.rsvp_id ?? null, admitted: d.delta, reason: d.reason })
      .where(eq(checkins.id, log.id));
    return verdict(tx, { event, guest, admitted: d.delta, reason: d.reason, replay: false });
  });
}

/** The same nonce again: the first attempt's verdict, with the guest as they are now. */
async function replay(tx: DbOrTx, opts: RecordScanOptions, event: CheckinEventRef): Promise<TCheckinVerdict> {
  const [first] = await tx
    .select({ rsvp_id: checkins.rsvp_id, admitted: checkins.admitted, reason: checkins.reason, event_id: checkins.event_id })
    .from(checkins)
    .where(and(eq(checkins.user_id, opts.actor.id), eq(checkins.nonce, opts.meta.nonce)))
    .limit(1);
  const found = first?.rsvp_id && first.event_id === event.id ? await guestById(tx, event.id, first.rsvp_id) : null;
  const guest = found && 'guest' in found ? found.guest : null;
  return verdict(tx, {
    event,
    guest,
    admitted: first?.admitted ?? 0,
    reason: (first?.reason as CheckinRefusal | null) ?? null,
    replay: true,
  });
}

export async function verdict(
  db: DbOrTx,
  v: { event: CheckinEventRef; guest: GuestRow | null; admitted: number; reason: CheckinRefusal | null; replay: boolean },
): Promise<TCheckinVerdict> {
  return {
    ok: v.reason === null,
    reason: v.reason,
    admitted: v.admitted,
    replay: v.replay,
    event: v.event,
    guest: v.guest ? await toCheckinGuest(db, v.guest) : null,
  };
}

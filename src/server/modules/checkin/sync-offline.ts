import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import type { TOfflineConflict, TOfflineScan, TOfflineSyncResult } from '../../../common/schemas/checkin-offline.ts';
import type { Db } from '../../db/client.ts';
import { offline_scans } from '../../db/schema/checkins.ts';
import type { Actor } from '../../domain/event-access.ts';
import { recordScan } from './record-scan.ts';

/** Conflicts a device is shown at most, newest first. */
const CONFLICTS_SHOWN = 100;

/** The nonce of what is left of a scan's party: derived from the scan's, so a retried upload replays it too. */
const restNonce = (nonce: string) => `rest-${createHash('sha256').update(nonce).digest('base64url').slice(0, 40)}`;

/** Admissions still open on what a refused scan named: its ticket's, or its party's. */
const leftOf = (v: TCheckinVerdict) =>
  v.guest ? (v.guest.ticket ? v.guest.ticket.admits - v.guest.ticket.checked_in_count : v.guest.guest_count - v.guest.checked_in_count) : 0;

/**
 * Uploads a device's queued offline scans (docs/decisions/0035-offline-door.md), in the order given, each
 * through the door's one scan statement (record-scan.ts) with its own nonce: a scan already received answers
 * its first verdict (`replay`), so a retried upload admits nobody twice. A party admitted offline that was partly
 * let in elsewhere meanwhile ('too_many') has the rest of its places taken, under a nonce derived from the scan's,
 * and stays a conflict: the door counted more people than the server could. Each outcome is kept in
 * offline_scans; the answer lists the conflicts this device is part of, on either side. The caller checked
 * the device (liveDevice) and announces the event's change.
 */
export async function syncOffline(opts: {
  db: Db;
  signingKey: string;
  actor: Actor;
  eventId: string;
  device: { id: string; label: string | null };
  scans: TOfflineScan[];
}): Promise<TOfflineSyncResult & { changed: boolean }> {
  const results: TOfflineSyncResult['results'] = [];
  let changed = false;
  for (const s of opts.scans) {
    const label = s.device ?? opts.device.label ?? undefined;
    const meta = { nonce: s.nonce, scanned_at: s.scanned_at, device: label };
    let v =
      s.kind === 'undo'
        ? await recordScan({ ...opts, kind: 'undo', rsvpId: s.rsvp_id!, count: s.count, meta })
        : await recordScan({ ...opts, kind: 'entry', code: s.code, rsvpId: s.rsvp_id, count: s.count, meta });
    // A retried upload asks for the rest again, which then replays what it got the first time.
    if (s.kind === 'entry' && v.reason === 'too_many' && (v.replay || leftOf(v) > 0)) {
      const rest = await recordScan({
        ...opts,
        kind: 'entry',
        code: s.code,
        rsvpId: s.rsvp_id,
        count: Math.max(leftOf(v), 1),
        meta: { ...meta, nonce: restNonce(s.nonce) },
      });
      if (rest.admitted > 0) v = { ...rest, ok: true, reason: 'too_many', replay: v.replay };
    }
    if (v.admitted !== 0 && !v.replay) changed = true;
    results.push({ nonce: s.nonce, ok: v.ok, reason: v.reason, admitted: v.admitted, replay: v.replay });
    await opts.db
      .insert(offline_scans)
      .values({
        event_id: opts.eventId,
        device_id: opts.device.id,
        device: label ?? null,
        nonce: s.nonce,
        rsvp_id: v.guest?.rsvp_id ?? null,
        requested: s.kind === 'undo' ? -s.count : s.count,
        admitted: v.admitted,
        reason: v.reason,
        scanned_at: new Date(s.scanned_at),
      })
      .onConflictDoNothing();
  }
  return { results, conflicts: await offlineConflicts(opts.db, opts.eventId, opts.device.id), changed };
}

type ConflictRow = {
  nonce: string;
  rsvp_id: string;
  name: string;
  other_device: string | null;
  other_at: Date;
  requested: number;
  admitted: number;
};

/**
 * The guests this device let in offline that someone else had let in too: its own admissions the server
 * refused or cut short (the other side: the admission that came first), and other devices' offline
 * admissions refused for a guest this device admitted (the other side: that device's scan).
 */
export async function offlineConflicts(db: Db, eventId: string, deviceId: string): Promise<TOfflineConflict[]> {
  const short = sql`s.requested > 0 AND s.admitted < s.requested AND s.reason IN ('already_checked_in', 'too_many')`;
  const { rows } = await db.execute<ConflictRow>(sql`
    (SELECT s.nonce, s.rsvp_id, r.name, c.device AS other_device, c.scanned_at AS other_at, s.requested, s.admitted
       FROM ${offline_scans} s
       JOIN event_rsvps r ON r.id = s.rsvp_id
       JOIN LATERAL (SELECT c.device, c.scanned_at FROM checkins c
                      WHERE c.rsvp_id = s.rsvp_id AND c.kind = 'entry' AND c.admitted > 0 AND c.nonce <> s.nonce
                      ORDER BY c.received_at LIMIT 1) c ON true
      WHERE s.event_id = ${eventId} AND s.device_id = ${deviceId} AND ${short})
    UNION ALL
    (SELECT m.nonce, s.rsvp_id, r.name, s.device AS other_device, s.scanned_at AS other_at, m.requested, m.admitted
       FROM ${offline_scans} s
       JOIN event_rsvps r ON r.id = s.rsvp_id
       JOIN LATERAL (SELECT m.nonce, m.requested, m.admitted FROM ${offline_scans} m
                      WHERE m.device_id = ${deviceId} AND m.rsvp_id = s.rsvp_id AND m.admitted > 0
                      ORDER BY m.received_at LIMIT 1) m ON true
      WHERE s.event_id = ${eventId} AND s.device_id <> ${deviceId} AND ${short})
    ORDER BY other_at DESC
    LIMIT ${CONFLICTS_SHOWN}`);
  return rows.map((r) => ({ ...r, other_at: new Date(r.other_at).toISOString() }));
}

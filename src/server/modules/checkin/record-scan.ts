import type { CheckinRefusal } from '../../../common/constants.ts';
import { MSG } from '../../../common/messages.ts';
import { normalizeEmail } from '../../../common/schemas/email.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import { type Db, type DbOrTx, namedStatementsClient } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import { type GuestRow, guestCard, lastCheckin, ticketCard, toCheckinGuest } from './checkin-guest.ts';
import { codeKey } from './resolve-code.ts';
import { legacyCodeRsvp } from '../tickets/verify-ticket.ts';
import type { CheckinEventRef } from './team-event.ts';

/** How the device saw the scan (docs/decisions/0014-check-in.md): its nonce, when it scanned, its label. */
export type ScanMeta = { nonce: string; scanned_at?: string; device?: string };

export type RecordScanOptions = {
  db: Db;
  signingKey: string;
  actor: Actor;
  eventId: string;
  meta: ScanMeta;
} & ({ kind: 'entry'; code?: string; rsvpId?: string; count?: number } | { kind: 'undo'; rsvpId: string; count?: number });

/** What turnout_checkin_scan (drizzle/0017_checkin_scan_fn.sql) answers: the event, the verdict, the guest, their last admission. */
type ScanRow = {
  title: string;
  image_url: string | null;
  is_paid_event: boolean;
  replay: boolean;
  admitted: number;
  reason: CheckinRefusal | null;
  rsvp_id: string | null;
  name: string;
  phone: string | null;
  guest_count: number;
  checked_in_count: number;
  status: GuestRow['status'];
  payment_status: string | null;
  qr_code_data: string | null;
  checked_in_at: Date | null;
  last_at: Date | null;
  last_by: string | null;
  last_email: string | null;
  last_device: string | null;
  /** The order ticket scanned (migration 0030), else nulls. */
  ticket_id: string | null;
  ticket_type: string | null;
  ticket_number: number | null;
  ticket_of: number | null;
  ticket_admits: number | null;
  ticket_checked_in: number | null;
};

/**
 * A named statement: parsed once per pooled connection (not behind a transaction-mode pooler: namedStatementsClient);
 * the function's own plans are cached by PL/pgSQL.
 */
const SCAN = {
  name: 'turnout-checkin-scan',
  text: 'SELECT * FROM turnout_checkin_scan($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
};

/**
 * One admission or undo at the door (docs/product.md#check-in), exactly once, in one statement that is
 * its own transaction (turnout_checkin_scan, ADR 0014 items 2, 3 and 7): team check, row lock, decision,
 * log row keyed by (user, nonce) so a retry replays its verdict, and the counter. The caller announces
 * the change to the live streams (CheckinHub.announce).
 */
export async function recordScan(opts: RecordScanOptions): Promise<TCheckinVerdict> {
  if (!isUuid(opts.eventId)) throw notFound(MSG.eventNotFound);
  let key = opts.kind === 'entry' && opts.code !== undefined ? codeKey(opts.signingKey, opts.code) : null;
  // Not a code of ours, or a legacy payload: perhaps a ticket code brought by a guest import, admitted as by search.
  const imported =
    opts.kind === 'entry' && opts.code !== undefined && (!key || key.via === 'legacy')
      ? await legacyCodeRsvp(opts.db, opts.eventId, opts.code)
      : null;
  if (imported) key = null;
  const scannedAt = opts.meta.scanned_at ? new Date(opts.meta.scanned_at) : new Date();
  const { rows } = await namedStatementsClient(opts.db.$client).query<ScanRow>({
    ...SCAN,
    values: [
      opts.eventId,
      opts.actor.id,
      normalizeEmail(opts.actor.email),
      opts.kind,
      opts.meta.nonce,
      opts.meta.device ?? null,
      scannedAt.toISOString(),
      opts.count ?? null,
      key?.via === 'pin' ? key.pin : null,
      key?.via === 'token' ? key.nonce : null,
      key?.via === 'legacy' ? key.rsvpId : null,
      imported ?? (opts.kind === 'undo' || opts.code === undefined ? (opts.rsvpId ?? null) : null),
    ],
  });
  const row = rows[0];
  if (!row) throw notFound(MSG.eventNotFound);
  const event: CheckinEventRef = { id: opts.eventId, title: row.title, image_url: row.image_url, is_paid_event: row.is_paid_event };
  const guest: GuestRow | null = row.rsvp_id ? { ...row, rsvp_id: row.rsvp_id, event_id: opts.eventId } : null;
  return {
    ok: row.reason === null,
    reason: row.reason,
    admitted: row.admitted,
    replay: row.replay,
    event,
    guest: guest
      ? {
          ...guestCard(guest),
          last_checkin:
            guest.checked_in_count > 0 && row.last_at
              ? lastCheckin({ at: row.last_at, by: row.last_by, email: row.last_email, device: row.last_device })
              : null,
          ...(row.ticket_id
            ? {
                ticket: ticketCard({
                  type: row.ticket_type ?? '',
                  number: row.ticket_number ?? 1,
                  of: row.ticket_of ?? 1,
                  admits: row.ticket_admits ?? 1,
                  checked_in_count: row.ticket_checked_in ?? 0,
                }),
              }
            : {}),
        }
      : null,
  };
}

/** A verdict that changes nothing (verify, the verification page): the guest as they are, with their last admission. */
export async function verdict(
  db: DbOrTx,
  v: {
    event: CheckinEventRef;
    guest: GuestRow | null;
    admitted: number;
    reason: CheckinRefusal | null;
    replay: boolean;
    ticketId?: string;
  },
): Promise<TCheckinVerdict> {
  return {
    ok: v.reason === null,
    reason: v.reason,
    admitted: v.admitted,
    replay: v.replay,
    event: v.event,
    guest: v.guest ? await toCheckinGuest(db, v.guest, v.ticketId) : null,
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { event_hosts, events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import { signTicketToken } from './ticket-token.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { qrImagePath, verificationUrl } from './ticket-urls.ts';

export type RegeneratedQr = {
  id: string;
  qr_version: number;
  qr_code_data: string;
  qr_code_url: string;
  verification_url: string;
};

/** The event is `eventId` and the user owns it or is listed as its co-host (inside the query). */
export function managesEvent(eventId: string, user: Pick<SessionUser, 'id' | 'email'>) {
  return sql`EXISTS (SELECT 1 FROM ${events} e WHERE e.id = ${eventId} AND (e.user_id = ${user.id}
    OR EXISTS (SELECT 1 FROM ${event_hosts} h WHERE h.event_id = e.id AND h.email = ${user.email.trim().toLowerCase()})))`;
}

/**
 * Rotates a confirmed RSVP's ticket: qr_version + 1 and a token signed for it, so every earlier QR
 * (and any legacy payload) is refused from now on. Someone who may not manage the event gets 404.
 */
export async function regenerateTicketQr(opts: {
  db: Db;
  baseUrl: string;
  signingKey: string;
  user: SessionUser;
  eventId: string;
  rsvpId: string;
}): Promise<RegeneratedQr> {
  if (!isUuid(opts.eventId) || !isUuid(opts.rsvpId)) throw notFound('RSVP not found');
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .update(event_rsvps)
      .set({ qr_version: sql`${event_rsvps.qr_version} + 1`, updated_at: new Date() })
      .where(and(eq(event_rsvps.id, opts.rsvpId), eq(event_rsvps.event_id, opts.eventId), managesEvent(opts.eventId, opts.user)))
      .returning({ id: event_rsvps.id, qr_version: event_rsvps.qr_version, status: event_rsvps.status });
    if (!row) throw notFound('RSVP not found');
    if (row.status !== 'confirmed') throw new AppError('conflict', 'Only confirmed guests have a ticket QR code.');
    const token = signTicketToken({ key: opts.signingKey, rsvpId: row.id, version: row.qr_version });
    const imagePath = qrImagePath(row.id, row.qr_version);
    await tx
      .update(event_rsvps)
      .set({ qr_code_data: token, qr_code_image_url: `${opts.baseUrl}${imagePath}` })
      .where(eq(event_rsvps.id, row.id));
    return {
      id: row.id,
      qr_version: row.qr_version,
      qr_code_data: token,
      qr_code_url: `${opts.baseUrl}${imagePath}`,
      verification_url: verificationUrl(opts.baseUrl, token),
    };
  });
}

import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type TSmsSent, ZSmsDelivery } from '../../../common/schemas/sms.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { SMS_MSG, ticketSmsText } from '../../../common/sms.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { sms_messages } from '../../db/schema/sms.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { RSVP_NOT_FOUND } from '../guests/get-guest.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { createShortLink } from '../short-links/create-short-link.ts';
import { optedOut } from './opt-outs.ts';
import { queueSms } from './queue-sms.ts';
import { deliveryStatus } from '../../domain/sms-delivery.ts';

/** A host's "SMS" to a guest sends at most one text a minute (a double click sends one). */
const SEND_WINDOW_MS = 60_000;

/**
 * Texts one guest the event's name and their ticket's short link (docs/product.md#sms) through the
 * outbox. 409 'No Phone Number' without a phone, 'Please generate a QR code first.' without a ticket;
 * 404 unless the actor manages the event. A number that replied STOP is not texted ('opted-out');
 * `queued` says whether this call queued a text (false: opted out, or refused by the minute's limit).
 */
export async function sendGuestSms(o: {
  db: Db;
  actor: Actor;
  baseUrl: string;
  eventId: string;
  rsvpId: string;
  now?: Date;
}): Promise<Omit<TSmsSent, 'channel'>> {
  if (!isUuid(o.eventId) || !isUuid(o.rsvpId)) throw notFound(RSVP_NOT_FOUND);
  const event = await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const [guest] = await o.db
    .select({ id: event_rsvps.id, phone: event_rsvps.phone })
    .from(event_rsvps)
    .where(and(eq(event_rsvps.id, o.rsvpId), guestWhere(o.actor, o.eventId, {})));
  if (!guest) throw notFound(RSVP_NOT_FOUND);
  if (!guest.phone) throw new AppError('conflict', SMS_MSG.noPhoneText, { phone: SMS_MSG.noPhone });
  const { link } = await createShortLink({ db: o.db, actor: o.actor, baseUrl: o.baseUrl, eventId: o.eventId, rsvpId: guest.id });
  const to = guest.phone;
  const queued = await o.db.transaction(async (tx) => {
    // The guest's row lock serialises two clicks; one within SEND_WINDOW_MS of the last ticket SMS sends nothing.
    await tx.select({ id: event_rsvps.id }).from(event_rsvps).where(eq(event_rsvps.id, guest.id)).for('update');
    const [recent] = await tx
      .select({ id: sms_messages.id })
      .from(sms_messages)
      .where(
        and(
          eq(sms_messages.rsvp_id, guest.id),
          isNull(sms_messages.job_id),
          eq(sms_messages.to, to),
          gt(sms_messages.created_at, sql`now() - make_interval(secs => ${SEND_WINDOW_MS / 1000})`),
        ),
      )
      .limit(1);
    if (recent) return false;
    const outcome = await queueSms(tx, {
      eventId: o.eventId,
      rsvpId: guest.id,
      sentBy: o.actor.id,
      to,
      body: ticketSmsText(event.title, link.short_url),
      key: `sms-ticket:${guest.id}:${randomUUID()}`,
      optedOut: (await optedOut(tx, [to])).has(to),
    });
    return outcome === 'queued';
  });
  const [latest] = await o.db
    .select({ status: deliveryStatus, error: outbox.last_error, at: sms_messages.created_at })
    .from(sms_messages)
    .leftJoin(outbox, eq(outbox.id, sms_messages.outbox_id))
    .where(eq(sms_messages.rsvp_id, guest.id))
    .orderBy(desc(sms_messages.created_at))
    .limit(1);
  return { queued, to, delivery: ZSmsDelivery.parse({ ...latest!, at: latest!.at.toISOString() }) };
}

import { and, eq } from 'drizzle-orm';
import type { TShortLink } from '../../../common/schemas/guests.responses.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { GUEST_LIST_MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { short_links } from '../../db/schema/guests.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import { guestWhere } from '../../domain/guest-query.ts';
import { RSVP_NOT_FOUND } from '../guests/get-guest.ts';
import { randomShortCode, shortLinkUrl } from '../../domain/short-link-code.ts';

const ATTEMPTS = 5;

/**
 * The short link of an RSVP's ticket (docs/product.md#short-links): idempotent per RSVP and target
 * while the ticket stays the same (`created` false: the existing code). A ticket rotated since gets a
 * new code, and the old one stops opening (resolve-short-link.ts). Only a confirmed guest with a ticket
 * has one (409 otherwise); 404 unless the actor manages the event.
 */
export async function createShortLink(o: {
  db: Db;
  actor: Actor;
  baseUrl: string;
  eventId: string;
  rsvpId: string;
}): Promise<{ link: TShortLink; created: boolean }> {
  if (!isUuid(o.eventId) || !isUuid(o.rsvpId)) throw notFound(RSVP_NOT_FOUND);
  return o.db.transaction(async (tx) => {
    const [rsvp] = await tx
      .select({ id: event_rsvps.id, status: event_rsvps.status, token: event_rsvps.qr_code_data, ticket_secret: event_rsvps.ticket_secret })
      .from(event_rsvps)
      .where(and(eq(event_rsvps.id, o.rsvpId), guestWhere(o.actor, o.eventId, {})))
      .limit(1)
      .for('update');
    if (!rsvp) throw notFound(RSVP_NOT_FOUND);
    if (rsvp.status !== 'confirmed' || !rsvp.token) throw new AppError('conflict', GUEST_LIST_MSG.noQrCodeText);
    const answer = (code: string) => ({ code, short_url: shortLinkUrl(o.baseUrl, code), target: 'ticket' as const });
    const [existing] = await tx
      .select({ code: short_links.code, ticket_secret: short_links.ticket_secret })
      .from(short_links)
      .where(and(eq(short_links.rsvp_id, rsvp.id), eq(short_links.target, 'ticket')));
    if (existing && existing.ticket_secret === rsvp.ticket_secret) return { link: answer(existing.code), created: false };
    // The RSVP row lock serialises makers of this RSVP's link; a clash of random codes draws again.
    for (let i = 0; i < ATTEMPTS; i++) {
      const code = randomShortCode();
      const rows = await tx
        .insert(short_links)
        .values({ code, rsvp_id: rsvp.id, target: 'ticket', ticket_secret: rsvp.ticket_secret })
        .onConflictDoUpdate({
          target: [short_links.rsvp_id, short_links.target],
          set: { code, ticket_secret: rsvp.ticket_secret, created_at: new Date() },
        })
        .returning({ code: short_links.code })
        .catch((err: { code?: string; constraint?: string }) => {
          if (err.code === '23505' && err.constraint === 'short_links_pkey') return [];
          throw err;
        });
      if (rows[0]) return { link: answer(rows[0].code), created: true };
    }
    throw new Error('createShortLink: no free code');
  });
}

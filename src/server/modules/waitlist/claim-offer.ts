import { eq } from 'drizzle-orm';
import { manageRsvpHref } from '../../../common/hrefs.ts';
import { MSG } from '../../../common/messages.ts';
import type { TWaitlistClaimResult } from '../../../common/schemas/waitlist.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { ticketPagePath } from '../../domain/ticket-urls.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { notFound } from '../../errors.ts';
import { type ResumeDeps, resumeCheckout } from '../payments/resume-checkout.ts';
import { answerStateColumns, applyAnswer } from '../rsvps/apply-answer.ts';
import { assertNotEnded } from '../rsvps/attend-rules.ts';
import { eventIdOfManageSecret } from '../rsvps/change-rsvp.ts';
import { loadRsvpEvent } from '../rsvps/load-rsvp-event.ts';
import { seatTransaction } from '../rsvps/seat-transaction.ts';
import { assertClaimable } from '../rsvps/offer-rules.ts';

/**
 * A party claims the seats offered to it (docs/product.md#waitlist) through its manage link, the only key to it.
 * Free event: under the RSVP's row lock the offer becomes a confirmed answer with its ticket and confirmation
 * e-mail (applyAnswer); its seats were held since the offer, so the counter does not move. A second claim of the
 * same answer (a double tap) finds it confirmed and gets its ticket again, nothing more. Paid event: the held seats
 * become a checkout hold and the checkout opens (payments/resume-checkout.ts, the manage page's Pay now).
 */
export async function claimOffer(
  d: ResumeDeps & { config: TicketConfig },
  o: { manageSecret: string; clientIp: string },
): Promise<TWaitlistClaimResult> {
  const eventId = await eventIdOfManageSecret(d.db, o.manageSecret);
  const event = await loadRsvpEvent({ db: d.db, cache: d.eventCache, eventId });
  assertNotEnded(event);
  const manage_url = manageRsvpHref(o.manageSecret);
  if (event.is_paid_event) {
    return { ticket_url: null, checkout_url: await resumeCheckout(d, o.manageSecret, o.clientIp), manage_url };
  }
  const ticketSecret = await seatTransaction(d.db, async (tx) => {
    const [cur] = await tx
      .select({ ...answerStateColumns, offer_until: event_rsvps.offer_until })
      .from(event_rsvps)
      .where(eq(event_rsvps.manage_secret, o.manageSecret))
      .limit(1)
      .for('update');
    if (!cur) return null;
    if (cur.status === 'confirmed') return { value: cur.ticket_secret, rsvpId: cur.id, eventId, delta: 0 };
    assertClaimable(cur);
    await applyAnswer(tx, { config: d.config, cur, next: { status: 'confirmed', guest_count: cur.guest_count } });
    const [after] = await tx.select({ ticket_secret: event_rsvps.ticket_secret }).from(event_rsvps).where(eq(event_rsvps.id, cur.id));
    // Held since the offer: the seat counter does not move (applyAnswer's delta is 0).
    return { value: after!.ticket_secret, rsvpId: cur.id, eventId, delta: 0 };
  });
  if (!ticketSecret) throw notFound(MSG.manageLinkInvalid);
  return { ticket_url: ticketPagePath(ticketSecret), checkout_url: null, manage_url };
}

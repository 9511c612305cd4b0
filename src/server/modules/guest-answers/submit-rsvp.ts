import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { answerKnownEmail } from '../rsvps/answer-known-email.ts';
import type { CheckoutDeps } from '../payments/start-checkout.ts';
import { checkoutTerms, openCheckout } from '../payments/start-checkout.ts';
import { holdKeys } from '../../domain/hold-limits.ts';
import { assertCanPay, assertNotEnded } from '../rsvps/attend-rules.ts';
import { createRsvp } from '../rsvps/create-rsvp.ts';
import { type PreparedOrder, prepareOrder } from '../rsvps/order-lines.ts';
import { findLiveCode } from '../../domain/promo-code-lookup.ts';
import { PROMO_CODE_INVALID } from '../../../common/schemas/promo-code-field.ts';
import { checkAnswers } from '../rsvps/form-answers.ts';
import { loadRsvpForm, type RsvpEventCache, type RsvpForm } from '../rsvps/load-rsvp-event.ts';
import type { RsvpAnswer, RsvpOutcome } from '../rsvps/rsvp-answer.ts';

/**
 * The order of a 'Yes' on an event with ticket types (order-lines.ts); none on an event without types, whose
 * answers go as before, and none for a 'maybe' or 'no' (they hold no seats).
 */
async function orderOf(db: Db, form: RsvpForm, answer: RsvpAnswer): Promise<PreparedOrder | undefined> {
  const types = form.ticketTypes;
  if (!types.length) {
    if (answer.tickets)
      throw new AppError('validation_failed', 'This event has no ticket types.', { tickets: 'This event has no ticket types.' });
    if (answer.promo_code && answer.status === 'confirmed')
      throw new AppError('validation_failed', PROMO_CODE_INVALID, { promo_code: PROMO_CODE_INVALID });
    return undefined;
  }
  if (answer.status !== 'confirmed') return undefined;
  // docs/product.md#promo-codes: every code that does not apply gets the same answer; the write counts the use.
  const promo = answer.promo_code ? await findLiveCode(db, form.event.id, answer.promo_code) : null;
  if (answer.promo_code && !promo) throw new AppError('validation_failed', PROMO_CODE_INVALID, { promo_code: PROMO_CODE_INVALID });
  return prepareOrder(types, answer.tickets, { promo, charges: form.charges });
}

/**
 * A guest's answer to an active event that has not ended (docs/product.md#rsvp-rules). The first
 * answer from an e-mail creates its RSVP (capacity, PIN, ticket token and the confirmation e-mail in
 * the same transaction as the write). An e-mail that already answered changes nothing and learns
 * nothing: the address gets a link to its manage page instead (docs/decisions/0012-answers-belong-to-the-email.md).
 */
export async function submitRsvp(opts: {
  db: Db;
  /** The app's (deps.caches.rsvpEvents). */
  eventCache: RsvpEventCache;
  config: TicketConfig;
  eventId: string;
  answer: RsvpAnswer;
  /** Paid events' checkout (payments/start-checkout.ts). */
  payments: Omit<CheckoutDeps, 'db'>;
  /** The client's address (http/client-ip.ts): a paid hold is bounded per client network (domain/hold-limits.ts). */
  clientIp: string;
}): Promise<{ result: RsvpOutcome; manageSecret: string | null }> {
  const form = await loadRsvpForm({ db: opts.db, cache: opts.eventCache, eventId: opts.eventId });
  const { event, questions } = form;
  assertNotEnded(event);
  const answers = checkAnswers(questions, opts.answer.status, opts.answer.answers);
  // An event with ticket types takes orders: a 'Yes' names its tickets, and they set the party (docs/product.md#ticket-types).
  const order = await orderOf(opts.db, form, opts.answer);
  const answer = order ? { ...opts.answer, guest_count: order.guestCount } : opts.answer;
  // A paid event's 'Yes' is a pending answer holding its seats, then a checkout (docs/decisions/0015-payments.md);
  // an order pays when it costs something.
  const paidYes = order ? order.total > 0 : event.is_paid_event && answer.status === 'confirmed';
  if (paidYes) assertCanPay(event);
  const checkout = { db: opts.db, ...opts.payments };
  const terms = paidYes ? await checkoutTerms(checkout, event.id, order) : null;
  if (terms) terms.payment.holdKeys = holdKeys(opts.payments.env.ENCRYPTION_KEY, opts.clientIp, answer.email);
  // Insert-or-link without a lost race: a concurrent first answer makes the insert a no-op and the
  // lookup then finds it; a concurrent delete makes the lookup miss and the insert retry.
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await createRsvp({ db: opts.db, config: opts.config, event, answer, payment: terms?.payment, answers, order });
    if (created && terms) return openCheckout(checkout, { ...terms, answer, created, order });
    if (created) return created;
    const known = await answerKnownEmail({ db: opts.db, baseUrl: opts.config.baseUrl, event, email: answer.email });
    if (known) return { result: known, manageSecret: null };
  }
  throw new AppError('conflict', 'Your answer changed while we were saving it. Please try again.');
}

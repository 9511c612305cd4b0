import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { TicketConfig } from '../../domain/ticket-fields.ts';
import { answerKnownEmail } from '../rsvps/answer-known-email.ts';
import type { CheckoutDeps } from '../payments/start-checkout.ts';
import { checkoutTerms, openCheckout } from '../payments/start-checkout.ts';
import { holdKeys } from '../../domain/hold-limits.ts';
import { assertCanPay, assertNotEnded } from '../rsvps/attend-rules.ts';
import { createRsvp } from '../rsvps/create-rsvp.ts';
import { checkAnswers } from '../rsvps/form-answers.ts';
import { loadRsvpForm, type RsvpEventCache } from '../rsvps/load-rsvp-event.ts';
import type { RsvpAnswer, RsvpOutcome } from '../rsvps/rsvp-answer.ts';

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
  const { event, questions } = await loadRsvpForm({ db: opts.db, cache: opts.eventCache, eventId: opts.eventId });
  assertNotEnded(event);
  const answers = checkAnswers(questions, opts.answer.status, opts.answer.answers);
  // A paid event's 'Yes' is a pending answer holding its seats, then a checkout (docs/decisions/0015-payments.md).
  const paidYes = event.is_paid_event && opts.answer.status === 'confirmed';
  if (paidYes) assertCanPay(event);
  const checkout = { db: opts.db, ...opts.payments };
  const terms = paidYes ? await checkoutTerms(checkout, event.id) : null;
  if (terms) terms.payment.holdKeys = holdKeys(opts.payments.env.ENCRYPTION_KEY, opts.clientIp, opts.answer.email);
  // Insert-or-link without a lost race: a concurrent first answer makes the insert a no-op and the
  // lookup then finds it; a concurrent delete makes the lookup miss and the insert retry.
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await createRsvp({ db: opts.db, config: opts.config, event, answer: opts.answer, payment: terms?.payment, answers });
    if (created && terms) return openCheckout(checkout, { ...terms, answer: opts.answer, created });
    if (created) return created;
    const known = await answerKnownEmail({ db: opts.db, baseUrl: opts.config.baseUrl, event, email: opts.answer.email });
    if (known) return { result: known, manageSecret: null };
  }
  throw new AppError('conflict', 'Your answer changed while we were saving it. Please try again.');
}

import { randomUUID } from 'node:crypto';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation, pgError } from '../../db/pg-errors.ts';
import type { TAnswers } from '../../../common/schemas/questions.ts';
import { ANSWER_QUESTION_FK, answerParts, formChanged, insertAnswers } from './form-answers.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import { order_tickets } from '../../db/schema/tickets.ts';
import { type PreparedOrder, ticketRows } from './order-lines.ts';
import { notFound } from '../../errors.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import { answeredTicketColumns, type TicketConfig } from '../../domain/ticket-fields.ts';
import { verificationUrl } from '../../domain/ticket-urls.ts';
import { assignPin, randomPin } from './assign-pin.ts';
import { confirmationKey, confirmationSupersede, queuedConfirmation } from './confirmation-email.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';
import { insertPart, writeInOneTrip } from './one-trip.ts';
import { firstAnswerResult, newManageSecret, type RsvpAnswer, type RsvpOutcome } from './rsvp-answer.ts';
import { seatTransaction } from './seat-transaction.ts';
import { seatsHeld } from './seats.ts';
import { assertPossiblePhone } from '../../domain/phone-check.ts';
import { type HoldKeys, holdCheck } from '../../domain/hold-limits.ts';

const EMAIL_TAKEN = 'event_rsvps_event_email_key';
const PIN_TAKEN = 'rsvp_pins_event_pin_key';
const TICKET_PIN_TAKEN = 'order_tickets_event_pin_key';
/** Random PINs tried in the one-trip path; then the transaction path finds the lowest free one. */
const FAST_PIN_ATTEMPTS = 3;
/** An order's tickets draw all their PINs again on a clash (docs/decisions/0028-ticket-types.md); a million PINs make it rare. */
const ORDER_PIN_ATTEMPTS = 8;

type Prepared = {
  id: string;
  rsvp: {
    id: string;
    name: string;
    status: RsvpAnswer['status'];
    guest_count: number;
    revision: number;
    ticket_secret: string;
    manage_secret: string;
  };
  row: typeof event_rsvps.$inferInsert;
  verificationUrl: string | null;
};

/** A paid 'yes' (docs/decisions/0015-payments.md): no ticket, PIN or e-mail until paid; its seats are held. */
export type PendingPayment = { unitAmount: number; currency: string; holdUntil: Date; holdKeys?: HoldKeys };

function prepare(config: TicketConfig, event: RsvpEvent, answer: RsvpAnswer, payment?: PendingPayment, order?: PreparedOrder): Prepared {
  const id = randomUUID();
  const ticketed = answer.status === 'confirmed' && !payment;
  // An order's tickets carry the QR codes and PINs; the order itself has none (docs/decisions/0028-ticket-types.md).
  const { columns, token } = answeredTicketColumns(config, { prev: null, confirmed: ticketed && !order });
  const manageSecret = newManageSecret();
  return {
    id,
    rsvp: {
      id,
      name: answer.name,
      status: answer.status,
      guest_count: answer.guest_count,
      revision: 1,
      ticket_secret: columns.ticket_secret,
      manage_secret: manageSecret,
    },
    row: {
      id,
      event_id: event.id,
      name: answer.name,
      email: answer.email,
      phone: answer.phone ?? null,
      notes: answer.notes ?? null,
      guest_count: answer.guest_count,
      status: answer.status,
      type: payment ? 'ticket' : 'rsvp',
      revision: 1,
      ...columns,
      manage_secret: manageSecret,
      confirmed_at: ticketed ? new Date() : null,
      // docs/decisions/0033-promo-codes-and-charges.md: the code's use is taken by this row's insert (migration 0035).
      ...(order
        ? {
            promo_code_id: order.promo?.id ?? null,
            promo_code: order.promo?.code ?? null,
            discount_amount: order.priced.discount,
            fee_amount: order.priced.fee,
            tax_amount: order.priced.tax,
          }
        : {}),
      ...(payment
        ? {
            payment_status: 'pending',
            payment_amount: order ? order.total : payment.unitAmount * answer.guest_count,
            payment_currency: payment.currency,
            payment_hold_until: payment.holdUntil,
            hold_client: payment.holdKeys?.client ?? null,
            hold_email: payment.holdKeys?.email ?? null,
          }
        : {}),
    },
    verificationUrl: token ? verificationUrl(config.baseUrl, token) : null,
  };
}

/** The outbox row of the confirmation e-mail, as enqueueEmail (domain/enqueue.ts) writes it. */
function emailRow(
  p: Prepared,
  opts: { config: TicketConfig; event: RsvpEvent; answer: RsvpAnswer; pin: string | null; order?: PreparedOrder },
) {
  const payload = queuedConfirmation({
    baseUrl: opts.config.baseUrl,
    to: opts.answer.email,
    event: opts.event,
    rsvp: p.rsvp,
    updated: false,
    manageSecret: p.rsvp.manage_secret,
    ...(opts.pin && p.verificationUrl
      ? { ticket: { pin: opts.pin, verificationUrl: p.verificationUrl, ticketSecret: p.rsvp.ticket_secret } }
      : {}),
    ...(opts.order && p.rsvp.status === 'confirmed' ? { order: { ticketSecret: p.rsvp.ticket_secret, summary: opts.order.summary } } : {}),
  });
  const supersede = confirmationSupersede(p.rsvp);
  return {
    channel: 'email' as const,
    idempotency_key: confirmationKey(p.rsvp),
    payload,
    supersede_key: supersede.key,
    supersede_rank: supersede.rank,
  };
}

/** A first answer: what the guest is told, and the manage secret this browser is to remember. */
export type CreatedRsvp = { result: RsvpOutcome; manageSecret: string };
const created = (p: Prepared): CreatedRsvp => ({ result: firstAnswerResult(p.rsvp), manageSecret: p.rsvp.manage_secret });

type CreateRsvpOptions = {
  db: Db;
  config: TicketConfig;
  event: RsvpEvent;
  answer: RsvpAnswer;
  drawPin?: () => string;
  /** A paid 'yes': pending payment, seats held, nothing e-mailed (payments/start-checkout.ts). */
  payment?: PendingPayment;
  /** The answers to the host's questions, as checkAnswers returned them (form-answers.ts). */
  answers?: TAnswers;
  /** An order of ticket types (order-lines.ts): its tickets are written with it, each type's seats taken first. */
  order?: PreparedOrder;
};

/**
 * A first answer from this e-mail for this event; null when one already exists (the caller updates
 * it instead). The RSVP, its PIN, the queued e-mail and the seats are written in one round trip
 * (one-trip.ts): the event row is locked only for the seat UPDATE and an asynchronous commit.
 * `drawPin` is for tests. An event deleted meanwhile is a 404.
 */
export async function createRsvp(opts: CreateRsvpOptions): Promise<CreatedRsvp | null> {
  assertPossiblePhone(opts.answer.phone);
  try {
    return await insertRsvp(opts);
  } catch (err) {
    // The event was deleted after it was read (it may come from load-rsvp-event.ts's short cache).
    if (isForeignKeyViolation(err)) throw pgError(err)?.constraint === ANSWER_QUESTION_FK ? formChanged() : notFound(MSG.eventNotFound);
    throw err;
  }
}

async function insertRsvp(opts: CreateRsvpOptions): Promise<CreatedRsvp | null> {
  const { db, event, answer } = opts;
  const { order } = opts;
  const p = prepare(opts.config, event, answer, opts.payment, order);
  const confirmed = answer.status === 'confirmed' && !opts.payment;
  const delta = seatsHeld(answer);
  // A paid hold's bounds (domain/hold-limits.ts), checked in the same message: free answers run nothing more.
  const check = opts.payment?.holdKeys && delta > 0 ? holdCheck(event.id, opts.payment.holdKeys) : undefined;
  const draw = opts.drawPin ?? randomPin;
  const attempts = order ? ORDER_PIN_ATTEMPTS : confirmed ? FAST_PIN_ATTEMPTS : 1;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const pin = confirmed && !order ? draw() : null;
    // The tickets' inserts take their types' seats (migration 0030's trigger), in type-id order, before the event's.
    const tickets = order ? ticketRows(order, { rsvpId: p.id, eventId: event.id, drawPin: draw }) : [];
    const statements = [
      insertPart(event_rsvps, p.row),
      ...tickets.map((t) => insertPart(order_tickets, t)),
      ...(pin ? [insertPart(rsvp_pins, { rsvp_id: p.id, event_id: event.id, pin })] : []),
      ...(opts.answers ? answerParts(p.id, opts.answers) : []),
      ...(opts.payment ? [] : [insertPart(outbox, emailRow(p, { ...opts, pin }), ' ON CONFLICT DO NOTHING')]),
    ];
    const conflict = await writeInOneTrip(db, { statements, rsvpId: p.id, eventId: event.id, delta, check });
    if (!conflict) return created(p);
    if (conflict.constraint === EMAIL_TAKEN) return null;
    if (conflict.constraint !== PIN_TAKEN && conflict.constraint !== TICKET_PIN_TAKEN)
      throw new Error(`createRsvp: unexpected conflict on ${conflict.constraint}`);
  }
  if (order) throw new Error(`createRsvp: no free ticket PINs after ${ORDER_PIN_ATTEMPTS} draws in event ${event.id}`);
  // A crowded PIN space: the step-by-step transaction, whose assignPin ends with the lowest free PIN.
  return seatTransaction(db, async (tx) => {
    const inserted = await tx.insert(event_rsvps).values(p.row).onConflictDoNothing().returning({ id: event_rsvps.id });
    if (!inserted.length) return null;
    if (opts.answers) await insertAnswers(tx, p.id, opts.answers);
    const pin = await assignPin(tx, { rsvpId: p.id, eventId: event.id, isNew: true, draw: opts.drawPin });
    await enqueueEmail(tx, confirmationKey(p.rsvp), emailRow(p, { ...opts, pin }).payload, confirmationSupersede(p.rsvp));
    return { value: created(p), rsvpId: p.id, eventId: event.id, delta, check };
  });
}

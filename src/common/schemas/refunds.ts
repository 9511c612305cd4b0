import { z } from 'zod';
import { zUuid } from './ids.ts';
import { REFUND_MSG } from '../refund-texts.ts';
import { ZGuestDetail } from './guests.responses.ts';

/**
 * A host's refund of a paid order (docs/product.md#refunds, docs/decisions/0034-refunds-per-ticket.md): some of its
 * tickets, an amount less than what is left, or (neither) the whole order. `expected_amount` is the amount the host
 * was shown and confirmed: the server refunds exactly that or refuses (409), never another figure.
 */
export const ZRefundInput = z
  .strictObject({
    /** Tickets of the order to refund, each in full (an order of ticket types only). */
    ticket_ids: z.array(zUuid(REFUND_MSG.noSuchTicket)).min(1, REFUND_MSG.pickTickets).max(10).optional(),
    /** A part of the payment, in minor units of its currency, less than what is left of it. */
    amount: z.number().int(REFUND_MSG.amountWhole).positive(REFUND_MSG.amountPositive).optional(),
    /** The amount the host confirmed, in minor units. */
    expected_amount: z.number().int(REFUND_MSG.amountWhole).positive(REFUND_MSG.amountPositive),
  })
  .refine((v) => v.ticket_ids === undefined || v.amount === undefined, { message: REFUND_MSG.ticketsOrAmount, path: ['amount'] })
  .meta({ id: 'RefundInput' });
export type TRefundInput = z.infer<typeof ZRefundInput>;

/** A refund that went through. */
export const ZRefund = z
  .strictObject({
    id: z.string().uuid(),
    amount: z.number().int(),
    currency: z.string(),
    /** The labels of the tickets it refunded ("VIP · 1 of 2"); empty for an amount. */
    tickets: z.array(z.string()),
    /** The whole payment is refunded now: the order is cancelled and its seats are free. */
    order_refunded: z.boolean(),
  })
  .meta({ id: 'Refund' });
export type TRefund = z.infer<typeof ZRefund>;

export const ZRefundAnswer = z.strictObject({ refund: ZRefund, rsvp: ZGuestDetail }).meta({ id: 'RefundAnswer' });
export type TRefundAnswer = z.infer<typeof ZRefundAnswer>;

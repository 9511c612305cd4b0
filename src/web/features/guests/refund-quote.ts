import type { TGuestDetail } from '../../../common/schemas/guests.ts';

/** What the host chose to refund (docs/product.md#refunds). */
export type RefundChoice = { kind: 'tickets'; ticketIds: string[] } | { kind: 'amount'; text: string } | { kind: 'whole' };

export type RefundQuote =
  | {
      ok: true;
      amount: number;
      labels: string[];
      whole: boolean;
      body: { ticket_ids?: string[]; amount?: number; expected_amount: number };
    }
  | { ok: false; error: string };

type Order = Pick<TGuestDetail, 'payment_amount' | 'refunded_amount' | 'tickets'>;

/** What is left to refund of the order, in minor units. */
export const refundLeft = (g: Order) => Math.max(0, (g.payment_amount ?? 0) - g.refunded_amount);

/** A ticket that can still be chosen: not refunded or being refunded, not used at the door. */
export const refundable = (t: NonNullable<Order['tickets']>[number]) => !t.refunding && t.checked_in_count === 0;

/** "10.50" → 1050; null when it is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * The exact amount a choice refunds, by the server's own rule (payments/refund-order.ts): the chosen tickets' prices,
 * or all that is left when they are every ticket left; an amount below what is left; or the whole of what is left.
 * The request carries it as `expected_amount`, so the server refunds this figure or refuses.
 */
export function refundQuote(g: Order, choice: RefundChoice): RefundQuote {
  const left = refundLeft(g);
  const tickets = g.tickets ?? [];
  if (choice.kind === 'tickets') {
    const picked = tickets.filter((t) => choice.ticketIds.includes(t.id));
    if (!picked.length) return { ok: false, error: 'Choose at least one ticket.' };
    const open = tickets.filter((t) => !t.refunding);
    const whole = picked.length === open.length;
    const amount = whole ? left : picked.reduce((s, t) => s + t.amount, 0);
    if (amount <= 0 || amount > left)
      return { ok: false, error: 'These tickets cost more than is left to refund: refund an amount instead.' };
    return {
      ok: true,
      amount,
      labels: picked.map((t) => t.label),
      whole,
      body: { ticket_ids: picked.map((t) => t.id), expected_amount: amount },
    };
  }
  if (choice.kind === 'amount') {
    const amount = parseAmount(choice.text);
    if (amount === null || amount <= 0) return { ok: false, error: 'Enter an amount such as 10.50.' };
    if (amount >= left) return { ok: false, error: 'To refund all that is left, choose the whole order.' };
    return { ok: true, amount, labels: [], whole: false, body: { amount, expected_amount: amount } };
  }
  if (left <= 0) return { ok: false, error: 'Nothing is left to refund.' };
  return {
    ok: true,
    amount: left,
    labels: tickets.filter((t) => !t.refunding).map((t) => t.label),
    whole: true,
    body: { expected_amount: left },
  };
}

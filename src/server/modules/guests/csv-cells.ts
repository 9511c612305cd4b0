import type { ListedTicket } from '../../domain/order-tickets.ts';
import { ticketLabel } from '../../../common/schemas/ticket-types.ts';
/**
 * A cell a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets
 * a leading apostrophe, so an exported guest list never runs a guest's text (docs/product.md#guest-list).
 */
export function neutralizeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The CSV columns, in order: header and how each row's value is written. */
export const CSV_COLUMNS = [
  ['Name', 'name'],
  ['Email', 'email'],
  ['Phone', 'phone'],
  ['PIN', 'pin'],
  ['Status', 'status'],
  ['Party size', 'guest_count'],
  ['Type', 'type'],
  ['Payment status', 'payment_status'],
  /** Paid events (docs/product.md#payments): the amount in major units ('12.50'), its currency and Stripe's payment id. */
  ['Amount', 'payment_amount'],
  ['Currency', 'payment_currency'],
  ['Payment id', 'payment_id'],
  /** docs/product.md#promo-codes and #taxes-and-fees: the code applied and what the amount is made of (major units). */
  ['Promo code', 'promo_code'],
  ['Discount', 'discount_amount'],
  ['Booking fee', 'fee_amount'],
  ['Tax', 'tax_amount'],
  /** docs/product.md#refunds: what has been refunded of the amount (major units), '' when nothing. */
  ['Refunded', 'refunded_amount'],
  ['Checked in', 'attended'],
  ['Checked in at', 'checked_in_at'],
  ['Notes', 'notes'],
  ['RSVP date', 'created_at'],
  ['Has ticket', 'has_ticket'],
  /** docs/product.md#waitlist: a waiting party's place in line. */
  ['Waitlist place', 'waitlist_place'],
  ['RSVP id', 'id'],
] as const;

export type CsvRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  pin: string | null;
  status: string;
  waitlist_place: number | null;
  guest_count: number;
  type: string;
  payment_status: string | null;
  payment_amount: number | null;
  payment_currency: string | null;
  payment_id: string | null;
  promo_code: string | null;
  discount_amount: number;
  fee_amount: number;
  tax_amount: number;
  refunded_amount: number;
  attended: boolean;
  checked_in_at: Date | null;
  notes: string | null;
  created_at: Date;
  has_ticket: boolean;
  /** Question id → answer text, when the event has questions. */
  answers?: Record<string, string>;
  /** An order's tickets, when the event has ticket types (docs/product.md#ticket-types). */
  tickets?: ListedTicket[] | null;
};

/** The ticket-type column's header: there only when the event has ticket types. */
export const TICKETS_HEADER = 'Tickets';

/**
 * An order's tickets in one cell: "VIP · 1 of 2 · 50.00; VIP · 2 of 2 · 50.00 · refunded 50.00" (amounts in major units of
 * the row's currency; a refunded ticket says what went back, docs/product.md#refunds).
 */
export const ticketsCell = (tickets: ListedTicket[] | null | undefined) =>
  neutralizeCell(
    (tickets ?? [])
      .map((t) => {
        const refunded = t.refunded_amount === null ? '' : ` · refunded ${(t.refunded_amount / 100).toFixed(2)}`;
        return `${ticketLabel(t)} · ${(t.amount / 100).toFixed(2)}${refunded}`;
      })
      .join('; '),
  );

/**
 * One CSV record (RFC 4180): a cell holding a quote, comma, semicolon, tab, CR or LF is quoted with its
 * quotes doubled, so a spreadsheet splitting on ';' or tabs never reads a formula after the separator
 * (docs/product.md#guest-list); records end with CRLF. Ours rather than csv-stringify, which was ten
 * times slower on the export (docs/decisions/0013-guest-list-export-and-jobs.md).
 */
export function csvRecord(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i]!;
    if (i) line += ',';
    line += /[",;\t\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  }
  return `${line}\r\n`;
}

/** One row as CSV cells: text neutralised, times as ISO 8601 (UTC), booleans yes/no, nothing as ''. */
export function csvCells(r: CsvRow, questions: readonly { id: string }[] = [], typed = false): string[] {
  const fixed = CSV_COLUMNS.map(([, key]) => {
    const v = r[key];
    if (v === null) return '';
    if (key === 'payment_amount') return (Number(v) / 100).toFixed(2);
    if (key === 'discount_amount' || key === 'fee_amount' || key === 'tax_amount') return Number(v) ? (Number(v) / 100).toFixed(2) : '';
    if (key === 'refunded_amount') return v ? (Number(v) / 100).toFixed(2) : '';
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'boolean') return v ? 'yes' : 'no';
    return neutralizeCell(String(v));
  });
  // The answers to the host's questions, one column each (docs/product.md#custom-questions).
  for (const q of questions) fixed.push(neutralizeCell(r.answers?.[q.id] ?? ''));
  if (typed) fixed.push(ticketsCell(r.tickets));
  return fixed;
}

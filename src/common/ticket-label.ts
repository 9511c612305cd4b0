/** Ticket types' small rules shared by the pages without the schemas (docs/product.md#ticket-types): no zod here. */

/** Whether a type is on sale at `now`: 'not_yet' before its sales start, 'ended' after their end. */
export function salesState(t: { sales_start: string | null; sales_end: string | null }, now: number): 'on_sale' | 'not_yet' | 'ended' {
  if (t.sales_start && now < Date.parse(t.sales_start)) return 'not_yet';
  if (t.sales_end && now >= Date.parse(t.sales_end)) return 'ended';
  return 'on_sale';
}

/** A ticket of an order as the door and the ticket page name it: "VIP · 1 of 2", or "VIP · admits 3" for a group ticket. */
export function ticketLabel(t: { type: string; number: number; of: number; admits: number }): string {
  return t.admits > 1 ? `${t.type} · admits ${t.admits}` : `${t.type} · ${t.number} of ${t.of}`;
}

import { partySizeLabel } from './format.ts';

/**
 * The ticket words of the RSVP dialog, the remembered card and the payment page (docs/product.md#rsvp-dialog),
 * beside ticket-words.ts, which decides when an event speaks tickets and is all the event page's first load carries.
 */

/** The party-size field: "Tickets" with "1" … "10" for a paid yes, else "Party size" with "Just me" … "Me + 9". */
export function partyWords(paidYes: boolean): { label: string; option(n: number): string } {
  return paidYes ? { label: 'Tickets', option: (n) => String(n) } : { label: 'Party size', option: partySizeLabel };
}

/** "2 tickets", "1 ticket". */
export const ticketCount = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

/** The confirmation of a paid yes: "Your tickets" (one: "Your ticket"), then what they are. */
export function ticketsConfirmation(n: number, ended: boolean): { title: string; text: string } {
  return {
    title: n === 1 ? 'Your ticket' : 'Your tickets',
    text: ended ? `${ticketCount(n)}, paid. This event has ended.` : `${ticketCount(n)}, paid. Show the QR code at the door.`,
  };
}

/** The payment page's note above the ticket card: "Your tickets (2) are below…" (one QR code admits the party). */
export function ticketsBelow(n: number, mailed: boolean): string {
  const { title } = ticketsConfirmation(n, false);
  const which = n === 1 ? `${title} is below` : `${title} (${n}) are below`;
  return mailed
    ? `${which}. We’ve also sent ${n === 1 ? 'it' : 'them'} to your e-mail: show the QR code at the event.`
    : `${which}: show the QR code at the event.`;
}

/** The waitlist's texts (docs/product.md#waitlist): the server's refusals and the offer e-mail's and SMS's sentences. */
export const WAITLIST_MSG = {
  closed: 'This event has no waitlist.',
  staffChange: 'This party is on the waitlist: move it to the front, or remove it from the guest list.',
  seatsAvailable: 'Seats are free again for your party: answer Yes instead of joining the waitlist.',
  notOffered: 'There are no seats to claim on this RSVP: its party is not being offered seats.',
  offerLapsed: 'This offer has run out, and the seats went to the next party on the waitlist.',
  notWaiting: 'Only a party waiting on the waitlist can be offered seats.',
} as const;

/** "1st", "2nd", "3rd", "4th", "11th", "22nd": a place in line. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

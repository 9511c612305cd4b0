import { DEFAULT_RSVP_BUTTON_TEXT } from '../../../common/constants.ts';

/**
 * The one owner of which words the guest pages use for an event's answers (docs/product.md#public-event-page):
 * a paid event speaks tickets ("Get tickets", "Tickets: 2", "Your tickets"), a free one RSVP words. This
 * module is what the event page's first load needs; answer-words.ts holds the dialog's and cards' words.
 */
type WordsEvent = { is_paid_event: boolean; rsvp_button_text?: string | null; seats_left?: number | null };

/** A paid event sells tickets; a full one sells none, so its button keeps RSVP words (Maybe and No stay open). */
export const sellsTickets = (e: WordsEvent) => e.is_paid_event && e.seats_left !== 0;

/** The event page's button: the host's own text, else "Get tickets" on a paid event with seats, else "RSVP". */
export function answerButtonText(e: WordsEvent): string {
  const own = e.rsvp_button_text?.trim();
  if (own && own !== DEFAULT_RSVP_BUTTON_TEXT) return own;
  return sellsTickets(e) ? 'Get tickets' : DEFAULT_RSVP_BUTTON_TEXT;
}

/**
 * What a full event's page says next (docs/product.md#capacity): with a waitlist, joining it (docs/product.md#waitlist);
 * without one, Maybe and No stay open and no line is promised.
 */
export const fullEventNext = (e: { waitlist?: boolean }) =>
  e.waitlist
    ? 'Join the waitlist and we’ll e-mail you if seats free up for your party, or answer Maybe or No.'
    : 'You can still answer Maybe or No. If a seat opens up, you can change your answer to Yes.';

import { describe, expect, it } from 'vitest';
import { partyWords, ticketsBelow, ticketsConfirmation } from './answer-words.ts';
import { answerButtonText, fullEventNext, sellsTickets } from './ticket-words.ts';

const free = { is_paid_event: false, rsvp_button_text: 'RSVP', seats_left: null };
const paid = { is_paid_event: true, rsvp_button_text: 'RSVP', seats_left: 8 };

describe('ticket words (docs/product.md#public-event-page)', () => {
  it('a paid event with seats speaks tickets; a free or a full one keeps RSVP words', () => {
    expect(answerButtonText(paid)).toBe('Get tickets');
    expect(answerButtonText({ ...paid, rsvp_button_text: null })).toBe('Get tickets');
    expect(answerButtonText(free)).toBe('RSVP');
    expect(answerButtonText({ ...paid, seats_left: 0 })).toBe('RSVP');
    expect(sellsTickets({ ...paid, seats_left: null })).toBe(true);
    expect(sellsTickets({ ...paid, seats_left: 0 })).toBe(false);
  });

  it('a full event points to its waitlist when it has one, else to Maybe and No', () => {
    expect(fullEventNext({ waitlist: true })).toMatch(/^Join the waitlist/);
    expect(fullEventNext({ waitlist: false })).toMatch(/^You can still answer Maybe or No/);
  });

  it("the host's own button text wins, free or paid", () => {
    expect(answerButtonText({ ...paid, rsvp_button_text: ' Book a seat ' })).toBe('Book a seat');
    expect(answerButtonText({ ...free, rsvp_button_text: 'Count me in' })).toBe('Count me in');
    expect(answerButtonText({ ...free, rsvp_button_text: '   ' })).toBe('RSVP');
  });

  it('the party field counts tickets for a paid yes, people otherwise', () => {
    const tickets = partyWords(true);
    expect([tickets.label, tickets.option(1), tickets.option(2)]).toEqual(['Tickets', '1', '2']);
    const party = partyWords(false);
    expect([party.label, party.option(1), party.option(3)]).toEqual(['Party size', 'Just me', 'Me + 2']);
  });

  it('a paid answer is confirmed as tickets', () => {
    expect(ticketsConfirmation(2, false)).toEqual({ title: 'Your tickets', text: '2 tickets, paid. Show the QR code at the door.' });
    expect(ticketsConfirmation(1, true)).toEqual({ title: 'Your ticket', text: '1 ticket, paid. This event has ended.' });
    expect(ticketsBelow(2, true)).toBe('Your tickets (2) are below. We’ve also sent them to your e-mail: show the QR code at the event.');
    expect(ticketsBelow(1, false)).toBe('Your ticket is below: show the QR code at the event.');
  });
});

import type { GuestStatus } from '../../../common/constants.ts';
import { BoundedCache } from '../../../common/bounded-cache.ts';
import { absoluteUrl, manageRsvpHref } from '../../../common/hrefs.ts';
import type { EmailPayload, QueuedConfirmation } from '../../db/schema/outbox.ts';
import {
  CONFIRMATION_SLOTS,
  type ConfirmationSlot,
  type ConfirmationVariant,
  confirmationView,
  QR_CID,
} from '../../emails/confirmation-view.ts';
import { renderEventEmail } from '../../emails/event-email.tsx';
import { compileTemplate, fillTemplate, type Template } from '../../emails/template.ts';
import type { Supersede } from '../../domain/enqueue.ts';
import { ticketPageUrl } from '../../domain/ticket-urls.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';
import { ticketIcsTemplate } from './ticket-ics.ts';
import type { Receipt } from '../../emails/receipt.ts';

export { QR_CID };

export type ConfirmationInput = {
  baseUrl: string;
  to: string;
  event: RsvpEvent;
  rsvp: { id: string; name: string; status: GuestStatus; guest_count: number; revision: number };
  /** First answer, or a change of an earlier one. */
  updated: boolean;
  /** The RSVP's manage page secret: every confirmation carries the link to change or cancel the answer. */
  manageSecret: string;
  /** Confirmed only: the door PIN, the verification URL its QR code carries and the ticket page's secret. */
  ticket?: { pin: string; verificationUrl: string; ticketSecret: string };
  /**
   * A confirmed order of ticket types (docs/decisions/0028-ticket-types.md): its tickets' QR codes and PINs are on
   * the order's page (the RSVP's ticket secret), which the button opens; `summary` is "VIP × 2, General × 1".
   */
  order?: { ticketSecret: string; summary: string };
  /** A paid (or discounted) order's receipt (docs/product.md#taxes-and-fees): order-receipt.ts. */
  receipt?: Receipt;
};

/** The outbox key: one message per state change of one RSVP, however often the request is retried. */
export const confirmationKey = (r: { id: string; status: string; revision: number }) => `rsvp:${r.id}:${r.status}:${r.revision}`;

/** A newer answer's e-mail supersedes an older one still waiting (outbox schema: supersede_key). */
export const confirmationSupersede = (r: { id: string; revision: number }): Supersede => ({ key: `rsvp:${r.id}`, rank: r.revision });

/** A rendered confirmation with holes for the guest's values, and its calendar file but for the revision and time stamp. */
type Prepared = { email: Template<ConfirmationSlot>; ics: ((revision: number) => string) | null };

/**
 * Prepared confirmations by everything they show: the base URL, the variant and the whole event row as
 * loaded (an edited event is another key, never stale HTML). React renders an e-mail in about a
 * millisecond, filling one in takes microseconds: during an RSVP rush every guest of an event shares
 * one rendering (docs/product.md#performance-targets). Bounded by construction: at most 256 entries
 * within 4 M characters (about 8 MB), least recently used first out; each is a pure function of its
 * key, so whoever shares the process shares nothing else.
 */
const prepared = new BoundedCache<string, Prepared>({ maxEntries: 256, maxSize: 4_000_000, sizeOf: (p) => p.email.size });

function prepare(i: ConfirmationInput): Prepared {
  const variant: ConfirmationVariant = {
    status: i.rsvp.status,
    updated: i.updated,
    ticket: !!i.ticket,
    ...(i.order ? { order: true } : {}),
    ...(i.receipt ? { receipt: i.receipt } : {}),
  };
  const key = JSON.stringify([i.baseUrl, variant, i.event]);
  // A receipt is one order's own: rendered for it alone, never kept to be shared.
  let p = i.receipt ? undefined : prepared.get(key);
  if (!p) {
    const { baseUrl, event } = i;
    p = {
      email: compileTemplate(CONFIRMATION_SLOTS, (slot) => renderEventEmail(confirmationView({ baseUrl, event, variant }, slot))),
      ics: calendarStatus(variant) ? ticketIcsTemplate({ event, status: calendarStatus(variant)!, baseUrl }) : null,
    };
    if (!i.receipt) prepared.set(key, p);
  }
  return p;
}

/**
 * The calendar file's status: confirmed and maybe get one; a first "no" gets none and a changed answer to "no"
 * cancels the entry sent before; a place on the waitlist gets none (it is no answer yet).
 */
function calendarStatus(v: ConfirmationVariant): 'confirmed' | 'maybe' | 'cancelled' | null {
  if (v.status === 'confirmed' || v.status === 'maybe') return v.status;
  if (v.status === 'declined') return v.updated ? 'cancelled' : null;
  return null;
}

function subject(i: ConfirmationInput): string {
  const t = i.event.title;
  if (i.rsvp.status === 'confirmed') return i.updated ? `Your updated ticket for ${t}` : `Your ticket for ${t}`;
  if (i.rsvp.status === 'maybe') return `You might come to ${t}`;
  if (i.rsvp.status === 'waitlisted') return `You're on the waitlist for ${t}`;
  if (i.rsvp.status === 'offered') return `Seats are held for you at ${t}`;
  return `Thanks for letting us know: ${t}`;
}

/**
 * The confirmation of an answer (docs/product.md#e-mails): HTML (emails/) and plain text; confirmed:
 * the ticket button, QR inline (cid) and PIN; an .ics for confirmed and maybe; a decline gets a short
 * note, with a cancelling .ics when it changes an earlier answer. Synchronous, cheap: it runs inside
 * the RSVP request, and leaves the QR's PNG to the delivery.
 */
export function buildConfirmationEmail(i: ConfirmationInput): EmailPayload {
  const p = prepare(i);
  const { html, text } = fillTemplate(p.email, {
    name: i.rsvp.name,
    guests: i.order ? `${i.rsvp.guest_count} (${i.order.summary})` : String(i.rsvp.guest_count),
    pin: i.ticket?.pin ?? '',
    ticketUrl: i.ticket ? ticketPageUrl(i.baseUrl, i.ticket.ticketSecret) : i.order ? ticketPageUrl(i.baseUrl, i.order.ticketSecret) : '',
    manageUrl: absoluteUrl(i.baseUrl, manageRsvpHref(i.manageSecret)),
    to: i.to,
  });
  const attachments: NonNullable<EmailPayload['attachments']> = [];
  if (i.ticket) {
    attachments.push({
      filename: 'ticket-qr.png',
      contentType: 'image/png',
      qrPngOf: i.ticket.verificationUrl, // drawn when sent (outbox/sendable-email.ts)
      cid: QR_CID,
    });
  }
  if (p.ics) {
    attachments.push({
      filename: 'event.ics',
      contentType: 'text/calendar',
      contentBase64: Buffer.from(p.ics(i.rsvp.revision)).toString('base64'),
    });
  }
  return { to: i.to, subject: subject(i), text, html, ...(attachments.length ? { attachments } : {}) };
}

/** A ConfirmationInput as stored in the outbox: its JSON, so the event's dates are ISO text. */
type StoredConfirmation = Omit<ConfirmationInput, 'event'> & {
  event: Omit<RsvpEvent, 'event_date' | 'end_date'> & { event_date: string; end_date: string | null };
};

/**
 * The confirmation as queued in the outbox: its input, rendered by renderQueuedConfirmation when it goes out,
 * from the same prepared rendering (ADR 0019). The subject is kept for the dev mailbox's list.
 */
export function queuedConfirmation(i: ConfirmationInput): QueuedConfirmation {
  return { to: i.to, subject: subject(i), confirmation: i };
}

/** The e-mail a queued confirmation stands for: the same output buildConfirmationEmail gave for its input. */
export function renderQueuedConfirmation(q: QueuedConfirmation): EmailPayload {
  const i = q.confirmation as StoredConfirmation;
  const { event_date, end_date } = i.event;
  return buildConfirmationEmail({
    ...i,
    event: { ...i.event, event_date: new Date(event_date), end_date: end_date === null ? null : new Date(end_date) },
  });
}

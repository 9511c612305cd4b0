import { absoluteUrl, eventHref, manageRsvpHref } from '../../../common/hrefs.ts';
import type { EmailPayload } from '../../db/schema/outbox.ts';
import type { Supersede } from '../outbox/enqueue.ts';
import { ticketPageUrl } from '../tickets/ticket-urls.ts';
import type { RsvpEvent } from './load-rsvp-event.ts';
import { buildTicketIcs } from './ticket-ics.ts';

export const QR_CID = 'ticket-qr@turnout';

export type ConfirmationInput = {
  baseUrl: string;
  to: string;
  event: RsvpEvent;
  rsvp: { id: string; name: string; status: 'confirmed' | 'maybe' | 'declined'; guest_count: number; revision: number };
  /** First answer, or a change of an earlier one. */
  updated: boolean;
  /** The RSVP's manage page secret: every confirmation carries the link to change or cancel the answer. */
  manageSecret: string;
  /** Confirmed only: the door PIN, the QR PNG of the verification URL and the ticket page's secret. */
  ticket?: { pin: string; qrPng: Buffer; ticketSecret: string };
};

/** The outbox key: one message per state change of one RSVP, however often the request is retried. */
export const confirmationKey = (r: { id: string; status: string; revision: number }) => `rsvp:${r.id}:${r.status}:${r.revision}`;

/** An unchanged answer re-sends its confirmation at most once per RSVP in this many seconds. */
export const CONFIRMATION_RESEND_WINDOW_SEC = 10 * 60;

/** The outbox key of a re-sent confirmation (the same answer posted again): the state's key, marked and timed. */
export const confirmationResendKey = (r: { id: string; status: string; revision: number }, now: Date) =>
  `${confirmationKey(r)}:resend:${now.getTime()}`;

/** A newer answer's e-mail supersedes an older one still waiting (outbox schema: supersede_key). */
export const confirmationSupersede = (r: { id: string; revision: number }): Supersede => ({ key: `rsvp:${r.id}`, rank: r.revision });

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ESC[ch]!);

// Bounded by construction: keyed by stored event time zones, which the event schema only accepts as valid IANA names.
const formats = new Map<string, Intl.DateTimeFormat>();
/** Long-form date and time in the event's own time zone (UTC when the zone is unknown). */
export function formatEventDate(d: Date, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    };
    try {
      f = new Intl.DateTimeFormat('en-US', { ...opts, timeZone });
    } catch {
      f = new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' }); // an unknown zone name
    }
    formats.set(timeZone, f);
  }
  return f.format(d);
}

function subject(i: ConfirmationInput): string {
  const t = i.event.title;
  if (i.rsvp.status === 'confirmed') return i.updated ? `Your updated ticket for ${t}` : `Your ticket for ${t}`;
  if (i.rsvp.status === 'maybe') return `You might come to ${t}`;
  return `Thanks for letting us know: ${t}`;
}

function lead(i: ConfirmationInput): string {
  const guests = i.rsvp.guest_count > 1 ? ` (${i.rsvp.guest_count} guests)` : '';
  if (i.rsvp.status === 'confirmed') return `You're going to ${i.event.title}${guests}. Show the QR code at the event for check-in.`;
  if (i.rsvp.status === 'maybe') {
    const next = i.event.is_paid_event ? 'get your ticket on the event page' : `answer again with "Yes, I'll attend" to get your ticket`;
    return `We noted your answer "maybe" for ${i.event.title}${guests}. If you decide to come, ${next}.`;
  }
  const calendar = i.updated ? ' The attached calendar file marks the event as cancelled in your calendar.' : '';
  return `Sorry you can't make it to ${i.event.title}. Thank you for letting the host know.${calendar}`;
}

/**
 * HTML + plain text; the QR inline (cid) and an .ics for confirmed and maybe; a short note when
 * declined, with a cancelling .ics when it changes an earlier answer.
 */
export function buildConfirmationEmail(i: ConfirmationInput): EmailPayload {
  const when = formatEventDate(i.event.event_date, i.event.timezone);
  // By id: the link keeps working if the host later changes the slug.
  const eventUrl = absoluteUrl(i.baseUrl, eventHref({ id: i.event.id }));
  const details: [string, string][] = [['When', when]];
  if (i.event.location) details.push(['Where', i.event.location]);
  if (i.ticket) {
    details.push(['Guests', String(i.rsvp.guest_count)]);
    details.push(['PIN', i.ticket.pin]);
  }
  const manageUrl = absoluteUrl(i.baseUrl, manageRsvpHref(i.manageSecret));
  const link = i.ticket ? ['Your ticket', ticketPageUrl(i.baseUrl, i.ticket.ticketSecret)] : ['Event page', eventUrl];
  const text = [
    `Hi ${i.rsvp.name},`,
    '',
    lead(i),
    '',
    i.event.title,
    ...(i.event.subtitle ? [i.event.subtitle] : []),
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    `${link[0]}: ${link[1]}`,
    `Change or cancel your RSVP: ${manageUrl}`,
    ...(i.ticket ? ['', 'Show this QR code at the event for check-in.'] : []),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#32251b;max-width:560px;margin:auto">',
    `<p>Hi ${esc(i.rsvp.name)},</p>`,
    `<p>${esc(lead(i))}</p>`,
    `<h1 style="font-size:22px;margin:16px 0 4px">${esc(i.event.title)}</h1>`,
    i.event.subtitle ? `<p style="margin:0 0 12px">${esc(i.event.subtitle)}</p>` : '',
    '<table role="presentation" style="border-collapse:collapse">',
    ...details.map(([k, v]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${k}</th><td>${esc(v)}</td></tr>`),
    '</table>',
    i.ticket
      ? `<p><img src="cid:${QR_CID}" width="256" height="256" alt="Your ticket QR code"></p><p>Show this QR code at the event for check-in.</p>`
      : '',
    `<p><a href="${esc(link[1]!)}">${link[0] === 'Your ticket' ? 'Open your ticket' : 'Open the event page'}</a></p>`,
    `<p><a href="${esc(manageUrl)}">Change or cancel your RSVP</a></p>`,
    '</body></html>',
  ].join('');
  const attachments: NonNullable<EmailPayload['attachments']> = [];
  if (i.ticket) {
    attachments.push({
      filename: 'ticket-qr.png',
      contentType: 'image/png',
      contentBase64: i.ticket.qrPng.toString('base64'),
      cid: QR_CID,
    });
  }
  // A first "no" gets no calendar file; a changed answer to "no" cancels the entry sent before.
  if (i.rsvp.status !== 'declined' || i.updated) {
    const ics = buildTicketIcs({
      event: i.event,
      revision: i.rsvp.revision,
      status: i.rsvp.status === 'declined' ? 'cancelled' : i.rsvp.status,
      eventUrl,
      host: new URL(i.baseUrl).hostname,
    });
    attachments.push({ filename: 'event.ics', contentType: 'text/calendar', contentBase64: Buffer.from(ics).toString('base64') });
  }
  return { to: i.to, subject: subject(i), text, html, ...(attachments.length ? { attachments } : {}) };
}

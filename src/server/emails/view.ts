import type { EmailPalette } from './palette.ts';

/**
 * What an event e-mail says, before it is HTML or text: the confirmation and the manage-link e-mail
 * fill one of these, and event-email.tsx (HTML) and event-email-text.ts (plain text) print the same
 * sentences, each once.
 */
export type EmailLink = { label: string; href: string };

export type EmailDetail = {
  label: string;
  value: string;
  /** A link under the value (the map search under "Where"). */
  link?: EmailLink;
};

export type EventEmailView = {
  palette: EmailPalette;
  /** The inbox preview line: a sentence of its own, hidden in the body. */
  preview: string;
  /** Absolute URL of the event's image, or null. */
  imageUrl: string | null;
  title: string;
  subtitle: string | null;
  /** "Hosted by …", or null. */
  host: string | null;
  greeting: string;
  lead: string;
  details: EmailDetail[];
  /** The big button; `textLabel` introduces its URL in the plain text ("Your ticket"). */
  button: (EmailLink & { textLabel: string }) | null;
  /** Confirmed: the QR (an inline cid: image), what to do with it, and the PIN. */
  ticket: { qrSrc: string; caption: string; pin: string } | null;
  /** A paid order's receipt (receipt.ts): its number and a row per line, discount, fee, tax and total. */
  receipt?: { number: string; rows: { label: string; value: string; strong?: boolean }[] } | null;
  /** Add-to-calendar links (Google, Outlook, the .ics of Apple Calendar and others). */
  calendar: { google: string; outlook: string; ics: string } | null;
  /** Text links after the content (change or cancel the answer); `before` is plain text ahead of the link. */
  links: (EmailLink & { before?: string })[];
  footer: string;
};

export const CALENDAR_LABELS = { google: 'Google Calendar', outlook: 'Outlook', ics: 'Apple Calendar (.ics)' } as const;

import { absoluteUrl, eventHref } from '../../../common/hrefs.ts';
import type { TEventAdmin } from '../../../common/schemas/events.responses.ts';
import { countSms } from '../../../common/sms.ts';
import { formatLongDate, formatTime } from '../../lib/datetime.ts';

type PrefillEvent = Pick<TEventAdmin, 'id' | 'slug' | 'title' | 'event_date' | 'timezone' | 'location' | 'is_active'>;

/** Intl's narrow and no-break spaces ('6:00 PM') are outside GSM-7: a plain space keeps a text at 160 characters a segment. */
const gsmSpaces = (s: string) => s.replace(/[\u00a0\u2009\u202f]/g, ' ');

/**
 * The Messaging screen's starting text for an event (docs/product.md#messaging): its title, its date and
 * time in its own zone (lib/datetime.ts), its place, and the link to its page (common/hrefs.ts) while
 * the page is public; a draft's page is not, so no link.
 */
export function eventSmsText(event: PrefillEvent, origin: string): string {
  const date = formatLongDate(event.event_date, event.timezone);
  const time = formatTime(event.event_date, event.timezone);
  const when = date ? `: ${date}${time ? ` at ${time}` : ''}` : '';
  const place = event.location?.trim() ? `, ${event.location.trim()}` : '';
  const link = event.is_active ? ` RSVP: ${absoluteUrl(origin, eventHref(event))}` : '';
  return gsmSpaces(`You're invited to ${event.title}${when}${place}.${link}`);
}

/** The confirmation's figures: 'Text 10 people · 10 segments' (segments as carriers bill them, countSms, times the recipients). */
export function sendSummary(recipients: number, text: string): string {
  const segments = recipients * countSms(text).segments;
  return `Text ${recipients} ${recipients === 1 ? 'person' : 'people'} · ${segments} ${segments === 1 ? 'segment' : 'segments'}`;
}

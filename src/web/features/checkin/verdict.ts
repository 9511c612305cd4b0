import type { TCheckinGuest, TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';

/**
 * How a verdict reads at the door (docs/product.md#check-in): an icon, a word and a colour that all say
 * the same thing (colour is never the only signal), one line of detail, and the sound it makes.
 */
export type VerdictTone = 'ok' | 'warn' | 'bad';
export type VerdictView = { tone: VerdictTone; word: string; detail: string; sound: 'ok' | 'refuse' };

/** '19:42' in the device's clock: the door staff's own wall time. */
export function clockTime(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(ms);
}

/** '2 of 5' for a party, '' for one guest; a scanned order ticket counts its own admissions (docs/product.md#ticket-types). */
export const partyCount = (g: Pick<TCheckinGuest, 'checked_in_count' | 'guest_count' | 'ticket'>) =>
  g.ticket
    ? g.ticket.admits > 1
      ? `${g.ticket.checked_in_count} of ${g.ticket.admits}`
      : ''
    : g.guest_count > 1
      ? `${g.checked_in_count} of ${g.guest_count}`
      : '';

/** The guest a verdict names, with the scanned ticket's type first: 'VIP · 1 of 2 · Ada Guest'. */
const who = (g: Pick<TCheckinGuest, 'name' | 'ticket'>) => (g.ticket ? `${g.ticket.label} · ${g.name}` : g.name);

/** 'at 19:42 by ana@example.com on Door 1 · Chrome on Android' (whatever the log knows). */
export function lastCheckinLine(guest: TCheckinGuest, timeZone?: string): string {
  const last = guest.last_checkin;
  const at = last?.at ?? guest.checked_in_at;
  const parts = [at ? `at ${clockTime(at, timeZone)}` : '', last?.by ? `by ${last.by}` : '', last?.device ? `on ${last.device}` : ''];
  return parts.filter(Boolean).join(' ');
}

export function viewVerdict(v: TCheckinVerdict, selectedEventId?: string | null, timeZone?: string): VerdictView {
  const g = v.guest;
  if (v.ok && g) {
    if (v.admitted < 0) {
      const word = g.checked_in_count > 0 ? `Took back ${-v.admitted} · ${partyCount(g)} in` : 'Check-in cancelled';
      return { tone: 'warn', word, detail: g.name, sound: 'ok' };
    }
    if (v.admitted === 0) {
      const count = partyCount(g);
      return { tone: 'ok', word: 'Valid ticket', detail: count ? `${who(g)} · ${count} in` : who(g), sound: 'ok' };
    }
    const count = partyCount(g);
    return { tone: 'ok', word: count ? `Checked in · ${count}` : 'Checked in', detail: who(g), sound: 'ok' };
  }
  switch (v.reason) {
    case 'already_checked_in': {
      const when = g ? lastCheckinLine(g, timeZone) : '';
      return { tone: 'warn', word: 'Already checked in', detail: [g ? who(g) : '', when].filter(Boolean).join(' · '), sound: 'refuse' };
    }
    case 'other_event': {
      const other = selectedEventId && v.event.id !== selectedEventId ? ` (${v.event.title})` : '';
      return { tone: 'bad', word: 'Another event', detail: `This ticket is for another event${other}.`, sound: 'refuse' };
    }
    case 'not_confirmed':
      return {
        tone: 'bad',
        word: 'Not confirmed',
        detail: `${g ? `${who(g)}: ` : ''}this RSVP is not confirmed${v.event.is_paid_event ? ' or not paid' : ''}.`,
        sound: 'refuse',
      };
    case 'refunded':
      return {
        tone: 'bad',
        word: 'Refunded',
        detail: `${g ? `${who(g)}: ` : ''}this ticket was refunded and admits nobody.`,
        sound: 'refuse',
      };
    case 'not_checked_in':
      return { tone: 'warn', word: 'Not checked in', detail: g ? `${g.name} is not checked in.` : 'Nobody to take back.', sound: 'refuse' };
    case 'too_many':
      return {
        tone: 'warn',
        word: 'Too many',
        detail: g
          ? `${g.name}: ${g.guest_count - g.checked_in_count} of ${g.guest_count} left to admit.`
          : 'More guests than the ticket has.',
        sound: 'refuse',
      };
    default:
      return { tone: 'bad', word: 'Invalid ticket', detail: 'This ticket could not be verified.', sound: 'refuse' };
  }
}

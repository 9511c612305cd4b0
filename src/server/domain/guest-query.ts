import { and, asc, desc, eq, inArray, isNull, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { GuestSort, TGuestFilterParsed } from '../../common/schemas/guests.ts';
import { events } from '../db/schema/events.ts';
import { event_rsvps, rsvp_pins } from '../db/schema/rsvps.ts';
import { type ActorRef, eventAccess } from './event-access.ts';
import { choseOption } from './rsvp-answers.ts';

/**
 * The one reading of the guest-list filters (docs/product.md#guest-list), shared by the list, the CSV
 * and the bulk ticket e-mail: the event's RSVPs the actor may manage (eventAccess inside the query,
 * docs/decisions/0011-event-roles.md) narrowed by status, check-in, payment and search.
 */
export function guestWhere(actor: ActorRef, eventId: string | Placeholder, f: Omit<TGuestFilterParsed, 'sort' | 'dir'>): SQL {
  const conds: (SQL | undefined)[] = [
    eq(event_rsvps.event_id, eventId),
    sql`exists (select 1 from ${events} where ${events.id} = ${event_rsvps.event_id} and ${eventAccess(actor, 'manage')})`,
  ];
  if (f.status === 'waitlist') conds.push(inArray(event_rsvps.status, ['waitlisted', 'offered']));
  else if (f.status) conds.push(eq(event_rsvps.status, f.status));
  if (f.checked_in) conds.push(eq(event_rsvps.attended, f.checked_in === 'yes'));
  if (f.payment === 'paid') conds.push(eq(event_rsvps.payment_status, 'paid'));
  if (f.payment === 'unpaid') conds.push(or(isNull(event_rsvps.payment_status), ne(event_rsvps.payment_status, 'paid')));
  if (f.q) conds.push(searchWhere(eventId, searchPatterns(f.q)));
  if (f.answer) {
    const [questionId = '', optionId = ''] = f.answer.split(':');
    conds.push(choseOption(questionId, optionId));
  }
  return and(...conds) as SQL;
}

/** `%…%` for ILIKE, its wildcards escaped (backslash is ILIKE's default escape). */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Name, e-mail and phone as one text, joined by a unit separator (which zText refuses in a search, so
 * no match spans two fields): the expression of the trigram index event_rsvps_search_trgm_idx
 * (db/schema/rsvps.ts), so PostgreSQL answers ILIKE '%…%' with one GIN scan.
 */
const searchText = sql`(${event_rsvps.name} || E'\\x1f' || coalesce(${event_rsvps.email}, '') || E'\\x1f' || coalesce(${event_rsvps.phone}, ''))`;

/**
 * What a search looks for (docs/product.md#guest-list): name, e-mail or phone containing the text, a
 * phone also by its digits ("(415) 555" finds +14155550123), or — for six digits — the door PIN exactly.
 * `digits` and `pin` are absent when the text is not such a search.
 */
export type SearchPatterns = { text: string; digits?: string; pin?: string };

export function searchPatterns(q: string): SearchPatterns {
  const found: SearchPatterns = { text: contains(q) };
  const digits = q.replace(/[\s().-]/g, '');
  if (/^\+?\d{3,}$/.test(digits) && digits !== q) found.digits = contains(digits);
  if (/^\d{6}$/.test(q)) found.pin = q;
  return found;
}

/** The patterns, or placeholders for them in a statement built once (list-guests.ts). */
export type SearchParams = { [K in keyof SearchPatterns]: SearchPatterns[K] | Placeholder };

/**
 * The condition of a search: one ILIKE over the trigram index's expression per pattern, and the PIN
 * through rsvp_pins' unique (event_id, pin), which gives at most one RSVP, looked up once (a scalar
 * subquery), so the OR stays a bitmap of index scans.
 */
export function searchWhere(eventId: string | Placeholder, s: SearchParams): SQL {
  const parts: SQL[] = [sql`${searchText} ILIKE ${s.text}`];
  if (s.digits !== undefined) parts.push(sql`${searchText} ILIKE ${s.digits}`);
  if (s.pin !== undefined) {
    parts.push(
      sql`${event_rsvps.id} = (select ${rsvp_pins.rsvp_id} from ${rsvp_pins} where ${rsvp_pins.event_id} = ${eventId} and ${rsvp_pins.pin} = ${s.pin})`,
    );
  }
  return or(...parts) as SQL;
}

/** Name, e-mail or phone containing `q`, a phone by its digits, or a six-digit PIN (searchPatterns). */
export const searchCondition = (eventId: string, q: string): SQL => searchWhere(eventId, searchPatterns(q));

const SORT_COLUMNS = { name: event_rsvps.name, created_at: event_rsvps.created_at, status: event_rsvps.status } as const;

/**
 * The list's order: the chosen column (default newest first), then the id, so pages never overlap.
 * With a search, the keys are wrapped in a no-op expression no index provides: PostgreSQL then takes
 * the trigram index's matches and sorts them, instead of walking the date (or name) index and testing
 * every row until a page is full, slow for a rare term (docs/measurements/code-paths.md#guest-search).
 */
export function guestOrder(
  sort: GuestSort | undefined,
  dir: 'asc' | 'desc' | undefined,
  opts: { search?: boolean; waitlist?: boolean } = {},
): SQL[] {
  // The Waitlist filter shows the line in order (docs/product.md#waitlist) unless another sort is chosen.
  if (opts.waitlist && sort === undefined) return [asc(event_rsvps.waitlist_position), asc(event_rsvps.id)];
  const column = SORT_COLUMNS[sort ?? 'created_at'];
  const direction = dir ?? (sort === undefined || sort === 'created_at' ? 'desc' : 'asc');
  const by = direction === 'asc' ? asc : desc;
  if (!opts.search) return [by(column), by(event_rsvps.id)];
  const key = sort === undefined || sort === 'created_at' ? sql`(${column} + interval '0 seconds')` : sql`(${column} || '')`;
  return [by(key), by(event_rsvps.id)];
}

/**
 * A waiting party's 1-based place in line (docs/product.md#waitlist), null for any other row: the guest list's
 * and the CSV's Waitlist column (the same count as waitlist/waitlist-place.ts's, per row).
 */
export const waitlistPlaceSql = sql<number | null>`(case when ${event_rsvps.status} = 'waitlisted' then (
    select count(*)::int + 1 from event_rsvps w
    where w.event_id = ${event_rsvps.event_id} and w.status = 'waitlisted' and w.waitlist_position < ${event_rsvps.waitlist_position}) end)`;

import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { GUEST_LIST_PAGE_SIZE } from '../../../common/constants.ts';
import { MSG } from '../../../common/messages.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import type { TGuestListQueryParsed } from '../../../common/schemas/guests.ts';
import type { TGuestList } from '../../../common/schemas/guests.responses.ts';
import { type Db, isTransactionPooledPool } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { guestOrder, guestWhere, type SearchPatterns, searchPatterns, searchWhere } from '../../domain/guest-query.ts';
import { type GuestRowRecord, guestRowColumns, pinPerRow, toGuestRow } from './guest-row.ts';

export type ListGuestsOptions = { db: Db; actor: Actor; eventId: string; query: TGuestListQueryParsed };

/**
 * One page (GUEST_LIST_PAGE_SIZE) of an event's guest list with the matching total and per-status
 * counts (docs/product.md#guest-list). Owner or co-host only; anyone else 404.
 */
export async function listGuests({ db, actor, eventId, query }: ListGuestsOptions): Promise<TGuestList> {
  if (!isUuid(eventId)) throw notFound(MSG.eventNotFound);
  const where = () => guestWhere(actor, eventId, query);
  const count = async (): Promise<Totals> => (await db.select(countColumns('')).from(event_rsvps).where(where()))[0]!;
  let rows: GuestRowRecord[];
  let totals: Totals;
  if (query.q && !query.answer) {
    // A search reads its matches once: the page's ids and, over the same matches, the counts (window
    // aggregates), in a statement built once per kind of search (searchStatement); then the page's rows by id.
    const patterns = searchPatterns(query.q);
    const found = (await searchStatement(db, query, patterns).execute({
      actor: actor.id,
      event: eventId,
      offset: (query.page - 1) * GUEST_LIST_PAGE_SIZE,
      ...patterns,
    })) as ({ id: string } & Totals)[];
    rows = await rowsById(
      db,
      eventId,
      found.map((r) => r.id),
    );
    totals = found[0] ? pickTotals(found[0]) : await count();
  } else if (query.q) {
    const found = await page(db, where(), query, countColumns(' over ()', true));
    rows = found;
    totals = found[0] ? pickTotals(found[0] as unknown as Totals) : await count();
  } else {
    // The whole list: the page from the sort's index, the counts from the (event_id, status) index.
    [rows, totals] = await Promise.all([page(db, where(), query), count()]);
  }
  // Nothing matched: an empty list of an event the actor manages, or an event they may not see (404).
  if (totals.total === 0) await requireEventAccess({ db, actor, id: eventId, need: 'manage' });
  return {
    rows: rows.map((r) => toGuestRow(pickRow(r))),
    total: totals.total,
    page: query.page,
    page_size: GUEST_LIST_PAGE_SIZE,
    page_confirmed: rows.filter((r) => r.status === 'confirmed').length,
    page_declined: rows.filter((r) => r.status === 'declined').length,
    totals: { confirmed: totals.confirmed, maybe: totals.maybe, declined: totals.declined, waitlist: totals.waitlist },
  };
}

/** One page of the list (with `extra` columns beside each row), the offset a number or a placeholder. */
function page(
  db: Db,
  where: SQL,
  query: TGuestListQueryParsed,
  extra: Partial<Record<keyof Totals, SQL.Aliased<number>>> = {},
  offset: number | Placeholder = (query.page - 1) * GUEST_LIST_PAGE_SIZE,
) {
  return (
    db
      .select({ ...guestRowColumns, pin: pinPerRow, ...extra })
      .from(event_rsvps)
      // The RSVP's own event (one row, by its key): with a second table drizzle names every column with its table.
      .innerJoin(events, eq(events.id, event_rsvps.event_id))
      .where(where)
      .orderBy(...guestOrder(query.sort, query.dir, { search: Boolean(query.q), waitlist: query.status === 'waitlist' }))
      .limit(GUEST_LIST_PAGE_SIZE)
      .offset(offset)
  );
}

/** The ids of a search's page, with the matching counts beside each. */
function searchPage(db: Db, where: SQL, query: TGuestListQueryParsed, offset: Placeholder) {
  return (
    db
      .select({ id: event_rsvps.id, ...countColumns(' over ()', true) })
      .from(event_rsvps)
      // As page(): every column named with its table.
      .innerJoin(events, eq(events.id, event_rsvps.event_id))
      .where(where)
      .orderBy(...guestOrder(query.sort, query.dir, { search: true, waitlist: query.status === 'waitlist' }))
      .limit(GUEST_LIST_PAGE_SIZE)
      .offset(offset)
  );
}

type SearchStatement = ReturnType<ReturnType<typeof searchPage>['prepare']>;
/** Per database: the search statements built so far, by kind (searchKey). */
const searchStatements = new WeakMap<Db, Map<string, SearchStatement>>();

/**
 * What a search's statement depends on besides its values: the sort, the filters and which patterns the
 * text makes (searchPatterns). A few hundred kinds at most; a filter by a question's option (`answer`)
 * is built per request instead, its ids being values of the query's text.
 */
const searchKey = (q: TGuestListQueryParsed, p: SearchPatterns) =>
  [q.sort, q.dir, q.status, q.checked_in, q.payment, p.digits !== undefined, p.pin !== undefined].join('|');

/**
 * The search's page and counts as one statement, built by drizzle once per kind of search and database,
 * its values (actor, event, patterns, offset) filled in at each execution: building it per request took
 * 5–9 % of the server's CPU of a search (docs/measurements/guest-search.md). Unnamed, so PostgreSQL
 * still plans it for the values at hand, and a pooler in transaction mode sees nothing new (ADR 0024).
 */
function searchStatement(db: Db, query: TGuestListQueryParsed, patterns: SearchPatterns): SearchStatement {
  let byKind = searchStatements.get(db);
  if (!byKind) {
    byKind = new Map();
    searchStatements.set(db, byKind);
  }
  const key = searchKey(query, patterns);
  let statement = byKind.get(key);
  if (!statement) {
    const p = sql.placeholder;
    const where = guestWhere({ id: p('actor') }, p('event'), { ...query, q: undefined });
    const search = searchWhere(p('event'), {
      text: p('text'),
      digits: patterns.digits === undefined ? undefined : p('digits'),
      pin: patterns.pin === undefined ? undefined : p('pin'),
    });
    statement = searchPage(db, and(where, search) as SQL, query, p('offset')).prepare('');
    byKind.set(key, statement);
  }
  return statement;
}

function rowsStatement(db: Db) {
  const p = sql.placeholder;
  return db
    .select({ ...guestRowColumns, pin: pinPerRow })
    .from(event_rsvps)
    .innerJoin(events, eq(events.id, event_rsvps.event_id))
    .where(and(eq(event_rsvps.event_id, p('event')), sql`${event_rsvps.id} = any(${p('ids')}::uuid[])`))
    .prepare(isTransactionPooledPool(db.$client) ? '' : 'turnout-guest-rows');
}
type RowsStatement = ReturnType<typeof rowsStatement>;
/** Per database: the statement of a page's rows by id. */
const rowsStatements = new WeakMap<Db, RowsStatement>();

/**
 * A search page's rows, in the order of `ids`: the per-row details (SMS status, answers, tickets, waitlist
 * place, PIN) in a statement of their own that does not depend on the search, named so that PostgreSQL
 * parses it once per connection and keeps a generic plan (lookups by primary key, whatever the ids), where
 * planning them inside the search cost about 0.9 ms a search (docs/measurements/guest-search.md). Unnamed
 * behind a transaction-mode pooler (ADR 0024). Its own snapshot: a guest deleted since the search is left out.
 */
async function rowsById(db: Db, eventId: string, ids: string[]): Promise<GuestRowRecord[]> {
  if (!ids.length) return [];
  let statement = rowsStatements.get(db);
  if (!statement) {
    statement = rowsStatement(db);
    rowsStatements.set(db, statement);
  }
  const found = (await statement.execute({ event: eventId, ids })) as GuestRowRecord[];
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type Totals = { total: number; confirmed: number; maybe: number; declined: number; waitlist: number };

/** The matching total and per-status counts, as plain aggregates or (`over`) as window aggregates beside each row. */
function countColumns(over: string, alias = false) {
  const col = (filter: string, name: keyof Totals) => {
    const expr = sql<number>`(count(*) ${sql.raw(filter)}${sql.raw(over)})::int`;
    return alias ? expr.as(`count_${name}`) : expr;
  };
  const by = (status: string) => `filter (where "event_rsvps"."status" = '${status}')`;
  return {
    total: col('', 'total'),
    confirmed: col(by('confirmed'), 'confirmed'),
    maybe: col(by('maybe'), 'maybe'),
    declined: col(by('declined'), 'declined'),
    waitlist: col(`filter (where "event_rsvps"."status" in ('waitlisted', 'offered'))`, 'waitlist'),
  } as Record<keyof Totals, SQL.Aliased<number>>;
}

const pickTotals = (r: Totals): Totals => ({
  total: r.total,
  confirmed: r.confirmed,
  maybe: r.maybe,
  declined: r.declined,
  waitlist: r.waitlist,
});
function pickRow(r: GuestRowRecord & Partial<Totals>): GuestRowRecord {
  const { total: _t, confirmed: _c, maybe: _m, declined: _d, waitlist: _w, ...row } = r;
  return row;
}

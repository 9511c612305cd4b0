import { asc, eq, sql } from 'drizzle-orm';
import { event_questions } from '../../db/schema/questions.ts';
import Cursor from 'pg-cursor';
import type { TGuestFilterParsed } from '../../../common/schemas/guests.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { event_rsvps, rsvp_pins } from '../../db/schema/rsvps.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { CSV_COLUMNS, type CsvRow, csvCells, csvRecord, neutralizeCell, TICKETS_HEADER } from './csv-cells.ts';
import { ticket_types } from '../../db/schema/tickets.ts';
import { guestOrder, guestWhere } from '../../domain/guest-query.ts';
import { guestRowColumns } from './guest-row.ts';

/** Rows read from the cursor per round trip: the export's memory is about one batch, whatever the list's length. */
export const CSV_BATCH_ROWS = 2000;
const BOM = '\uFEFF';

export type GuestsCsv = { filename: string; stream: ReadableStream<Uint8Array> };

/**
 * The guest list as CSV (docs/product.md#guest-list): every row of the filter in the list's order,
 * UTF-8 with a BOM (spreadsheets then read accents right), formulas neutralised (csv-cells.ts). Read
 * through a server-side cursor on one pooled connection, a batch at a time as the client takes them
 * (flat memory); the connection goes back to the pool at the end, on an error or when the client
 * goes away. Owner or co-host only; anyone else 404.
 */
export async function exportGuestsCsv(opts: {
  db: Db;
  actor: Actor;
  eventId: string;
  filter: TGuestFilterParsed;
  now?: Date;
}): Promise<GuestsCsv> {
  const { db, actor, eventId, filter } = opts;
  await requireEventAccess({ db, actor, id: eventId, need: 'manage' });
  const [event] = await db.select({ slug: events.slug }).from(events).where(eq(events.id, eventId));
  const day = (opts.now ?? new Date()).toISOString().slice(0, 10);
  // One column per question of the form, after the fixed ones (docs/product.md#custom-questions); the
  // answers are read only when there are questions.
  const questions = await db
    .select({ id: event_questions.id, label: event_questions.label })
    .from(event_questions)
    .where(eq(event_questions.event_id, eventId))
    .orderBy(asc(event_questions.position), asc(event_questions.created_at));
  // An event with ticket types gets a Tickets column last (docs/product.md#ticket-types): type and amount per ticket.
  const [typedRow] = await db.select({ id: ticket_types.id }).from(ticket_types).where(eq(ticket_types.event_id, eventId)).limit(1);
  const typed = Boolean(typedRow);
  const { sms: _sms, answers, tickets, ...csvColumns } = guestRowColumns; // the CSV has no SMS column
  const query = db
    .select({
      ...csvColumns,
      has_ticket: sql<boolean>`${guestRowColumns.has_ticket}`.as('has_ticket'),
      waitlist_place: sql<number | null>`${guestRowColumns.waitlist_place}`.as('waitlist_place'),
      ...(questions.length ? { answers: sql`${answers}`.as('answers') } : {}),
      ...(typed ? { tickets: sql`${tickets}`.as('tickets') } : {}),
    })
    .from(event_rsvps)
    .leftJoin(rsvp_pins, eq(rsvp_pins.rsvp_id, event_rsvps.id))
    .where(guestWhere(actor, eventId, filter))
    .orderBy(...guestOrder(filter.sort, filter.dir, { search: Boolean(filter.q), waitlist: filter.status === 'waitlist' }))
    .toSQL();

  const client = await db.$client.connect();
  const cursor = client.query(new Cursor<CsvRow>(query.sql, query.params as unknown[]));
  const encoder = new TextEncoder();
  let released = false;
  const release = async (err?: Error) => {
    if (released) return;
    released = true;
    await cursor.close().catch(() => {});
    client.release(err);
  };
  let first = true;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const rows = await cursor.read(CSV_BATCH_ROWS);
          let text = '';
          if (first) {
            text =
              BOM +
              csvRecord([
                ...CSV_COLUMNS.map(([header]) => header),
                ...questions.map((q) => neutralizeCell(q.label)),
                ...(typed ? [TICKETS_HEADER] : []),
              ]);
            first = false;
          }
          for (const row of rows) text += csvRecord(csvCells(row, questions, typed));
          if (text) controller.enqueue(encoder.encode(text));
          if (rows.length < CSV_BATCH_ROWS) {
            await release();
            controller.close();
          }
        } catch (err) {
          await release(err as Error);
          controller.error(err);
        }
      },
      async cancel() {
        await release();
      },
    },
    { highWaterMark: 1 },
  );
  return { filename: `${event!.slug}-guests-${day}.csv`, stream };
}

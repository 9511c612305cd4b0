import { asc, eq } from 'drizzle-orm';
import type { TTicketType } from '../../../common/schemas/ticket-types.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ticket_types } from '../../db/schema/tickets.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import { hostTicketType } from './ticket-type-row.ts';

export async function readTicketTypes(db: DbOrTx, eventId: string): Promise<TTicketType[]> {
  const rows = await db
    .select()
    .from(ticket_types)
    .where(eq(ticket_types.event_id, eventId))
    .orderBy(asc(ticket_types.position), asc(ticket_types.created_at));
  return rows.map(hostTicketType);
}

/** An event's ticket types for its owner or a co-host (door staff: 404), in their order, with the seats taken of each. */
export async function listTicketTypes(opts: { db: Db; actor: Actor; eventId: string }): Promise<TTicketType[]> {
  await requireEventAccess({ db: opts.db, actor: opts.actor, id: opts.eventId, need: 'manage' });
  return readTicketTypes(opts.db, opts.eventId);
}

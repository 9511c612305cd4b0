import { asc, eq, sql } from 'drizzle-orm';
import type { THost } from '../../../../common/schemas/events.ts';
import type { Db } from '../../../db/client.ts';
import { event_hosts } from '../../../db/schema/events.ts';
import type { Actor } from '../../../domain/event-access.ts';
import { requireEventAccess } from '../../../domain/managed-event.ts';

export type ListHostsOptions = { db: Db; actor: Actor; eventId: string };

/** docs/product.md#co-hosts: host e-mails of an event, oldest first, with whether each place is an account's yet. */
export async function listHosts({ db, actor, eventId }: ListHostsOptions): Promise<THost[]> {
  await requireEventAccess({ db, actor, id: eventId, need: 'manage' });
  const rows = await db
    .select({
      email: event_hosts.email,
      role: event_hosts.role,
      created_at: event_hosts.created_at,
      has_account: sql<boolean>`${event_hosts.user_id} is not null`,
    })
    .from(event_hosts)
    .where(eq(event_hosts.event_id, eventId))
    .orderBy(asc(event_hosts.created_at), asc(event_hosts.email));
  return rows.map((r) => ({ email: r.email, role: r.role, created_at: r.created_at.toISOString(), has_account: r.has_account }));
}

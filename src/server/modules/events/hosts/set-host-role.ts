import { and, eq } from 'drizzle-orm';
import type { TeamRole } from '../../../../common/event-roles.ts';
import type { THost } from '../../../../common/schemas/events.ts';
import type { Db } from '../../../db/client.ts';
import { event_hosts } from '../../../db/schema/events.ts';
import { notFound } from '../../../errors.ts';
import type { Logger } from '../../../logger.ts';
import type { Actor } from '../../../domain/event-access.ts';
import { requireEventAccess } from '../../../domain/managed-event.ts';

/** The owner makes a team member a co-host or door staff (docs/decisions/0011-event-roles.md); 404 if not on the team. */
export async function setHostRole(opts: {
  db: Db;
  log: Logger;
  actor: Actor;
  eventId: string;
  /** As ZEmail parsed it (normalised). */
  email: string;
  role: TeamRole;
}): Promise<THost> {
  const email = opts.email;
  const host = await opts.db.transaction(async (tx) => {
    await requireEventAccess({ db: tx, actor: opts.actor, id: opts.eventId, lock: true, need: 'owner', action: 'hosts' });
    const [row] = await tx
      .update(event_hosts)
      .set({ role: opts.role })
      .where(and(eq(event_hosts.event_id, opts.eventId), eq(event_hosts.email, email)))
      .returning();
    if (!row) throw notFound('This email is not in the host list.');
    return { email: row.email, role: row.role, created_at: row.created_at.toISOString(), has_account: row.user_id !== null };
  });
  opts.log.info({ eventId: opts.eventId, role: opts.role }, 'team member role changed');
  return host;
}

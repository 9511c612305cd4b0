import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { event_hosts, host_invitations } from '../../../db/schema/events.ts';
import { notFound } from '../../../errors.ts';
import type { Logger } from '../../../logger.ts';
import { announceTeamChange } from '../../../domain/checkin-hub.ts';
import type { Actor } from '../../../domain/event-access.ts';
import { requireEventAccess } from '../../../domain/managed-event.ts';

/** `email` as ZEmail parsed it (normalised). */
export type RemoveHostOptions = { db: Db; log: Logger; actor: Actor; eventId: string; email: string };

/** Removes a host e-mail and withdraws its unused invitation links. */
export async function removeHost({ db, log, actor, eventId, email }: RemoveHostOptions): Promise<void> {
  const role = await db.transaction(async (tx) => {
    await requireEventAccess({ db: tx, actor, id: eventId, lock: true, need: 'owner', action: 'hosts' });
    const gone = await tx
      .delete(event_hosts)
      .where(and(eq(event_hosts.event_id, eventId), eq(event_hosts.email, email)))
      .returning({ role: event_hosts.role });
    if (!gone.length) throw notFound('This email is not in the host list.');
    await tx
      .delete(host_invitations)
      .where(and(eq(host_invitations.event_id, eventId), eq(host_invitations.email, email), isNull(host_invitations.used_at)));
    await announceTeamChange(tx, eventId); // their live check-in stream ends on commit
    return gone[0]!.role;
  });
  // Not the e-mail (docs/product.md#privacy-and-safety).
  log.info({ eventId, role }, 'team member removed');
}

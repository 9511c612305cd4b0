import { eq } from 'drizzle-orm';
import type { TeamRole } from '../../../../common/event-roles.ts';
import { checkinHref } from '../../../../common/hrefs.ts';
import { MSG } from '../../../../common/messages.ts';
import type { THost } from '../../../../common/schemas/events.ts';
import type { Db } from '../../../db/client.ts';
import { user } from '../../../db/schema/auth.ts';
import { event_hosts } from '../../../db/schema/events.ts';
import { AppError } from '../../../errors.ts';
import type { Logger } from '../../../logger.ts';
import { createHostInvitation } from '../../invitations/create-host-invitation.ts';
import { addedAsHostEmail } from '../../invitations/invitation-email.ts';
import { enqueueEmail } from '../../../domain/enqueue.ts';
import type { Actor } from '../../../domain/event-access.ts';
import { requireEventAccess } from '../../../domain/managed-event.ts';

export type AddHostOptions = {
  db: Db;
  log: Logger;
  baseUrl: string;
  actor: Actor & { name?: string };
  eventId: string;
  email: string;
  role: TeamRole;
};

export const emailAlreadyAdded = () => new AppError('conflict', MSG.emailAlreadyAddedText, { email: MSG.emailAlreadyAddedText });

/**
 * Adds a team member by e-mail (already trimmed and lower-cased by ZHostInput): a co-host, or door
 * staff (check-in only). Someone without an account gets a sign-up invitation valid for that e-mail
 * only; someone with one gets a short note. Door staff are led to the check-in screens, not the admin.
 */
export async function addHost({ db, log, baseUrl, actor, eventId, email, role }: AddHostOptions): Promise<THost> {
  const host = await db.transaction(async (tx) => {
    const event = await requireEventAccess({ db: tx, actor, id: eventId, lock: true, need: 'owner', action: 'hosts' });
    // An existing account gets the place now; otherwise it stays pending until that address's account
    // is created (bindTeamPlaces), never for an account that changes its e-mail to it later.
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    const [row] = await tx
      .insert(event_hosts)
      .values({ event_id: eventId, email, role, user_id: account?.id ?? null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw emailAlreadyAdded();
    const inviter = actor.name?.trim() || actor.email;
    if (account) {
      const link = `${baseUrl}${role === 'door' ? checkinHref('index', eventId) : '/auth/admin'}`;
      const payload = addedAsHostEmail({ to: email, eventTitle: event.title, inviter, link, role });
      await enqueueEmail(tx, `host-added:${eventId}:${email}:${row.created_at.getTime()}`, payload);
    } else {
      await createHostInvitation({ tx, baseUrl, to: { eventId, eventTitle: event.title, role }, email, inviter });
    }
    return { email: row.email, role: row.role, created_at: row.created_at.toISOString(), has_account: Boolean(account) };
  });
  log.info({ eventId, role, invited: !host.has_account }, 'team member added');
  return host;
}

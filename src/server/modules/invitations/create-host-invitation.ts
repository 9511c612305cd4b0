import type { TeamRole } from '../../../common/event-roles.ts';
import type { Tx } from '../../db/client.ts';
import { host_invitations } from '../../db/schema/events.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { invitationEmail } from './invitation-email.ts';
import { INVITATION_TTL_MS, newInvitationToken } from './invitation-token.ts';

export type CreateHostInvitationOptions = {
  tx: Tx;
  baseUrl: string;
  eventId: string;
  eventTitle: string;
  email: string;
  inviter: string;
  role: TeamRole;
  now?: Date;
};

/**
 * A sign-up link for exactly this e-mail (its hash stored, 14-day expiry), mailed through the outbox
 * in the caller's transaction: no mail unless the host row is committed too.
 */
export async function createHostInvitation({
  tx,
  baseUrl,
  eventId,
  eventTitle,
  email,
  inviter,
  role,
  now = new Date(),
}: CreateHostInvitationOptions) {
  const { token, hash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await tx.insert(host_invitations).values({ token_hash: hash, email, event_id: eventId, expires_at: expiresAt });
  const link = `${baseUrl}/auth/accept-invite?token=${encodeURIComponent(token)}`;
  await enqueueEmail(tx, `host-invite:${hash.slice(0, 32)}`, invitationEmail({ to: email, eventTitle, inviter, link, expiresAt, role }));
  return { expiresAt };
}

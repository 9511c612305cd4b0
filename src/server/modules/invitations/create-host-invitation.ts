import type { TeamRole } from '../../../common/event-roles.ts';
import type { Tx } from '../../db/client.ts';
import { host_invitations } from '../../db/schema/events.ts';
import { enqueueEmail } from '../../domain/enqueue.ts';
import { hostingInvitationEmail, invitationEmail } from './invitation-email.ts';
import { INVITATION_TTL_MS, newInvitationToken } from './invitation-token.ts';

/** What the invitation is to: one event's team, or (the People page) hosting on this Turnout. */
export type InvitationTo = { eventId: string; eventTitle: string; role: TeamRole } | { eventId: null };

export type CreateHostInvitationOptions = {
  tx: Tx;
  baseUrl: string;
  to: InvitationTo;
  email: string;
  inviter: string;
  now?: Date;
};

/**
 * A sign-up link for exactly this e-mail (its hash stored, 14-day expiry), mailed through the outbox
 * in the caller's transaction: no mail unless the host row (or the owner's invitation) is committed too.
 */
export async function createHostInvitation({ tx, baseUrl, to, email, inviter, now = new Date() }: CreateHostInvitationOptions) {
  const { token, hash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  await tx.insert(host_invitations).values({ token_hash: hash, email, event_id: to.eventId, expires_at: expiresAt });
  const link = `${baseUrl}/auth/accept-invite?token=${encodeURIComponent(token)}`;
  const payload = to.eventId
    ? invitationEmail({ to: email, eventTitle: to.eventTitle, inviter, link, expiresAt, role: to.role })
    : hostingInvitationEmail({ to: email, inviter, link, expiresAt });
  await enqueueEmail(tx, `host-invite:${hash.slice(0, 32)}`, payload);
  return { expiresAt };
}

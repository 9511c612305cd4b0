import { and, eq } from 'drizzle-orm';
import type { TInvitation } from '../../../common/schemas/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_hosts, events, host_invitations } from '../../db/schema/events.ts';
import { AppError, notFound } from '../../errors.ts';
import { hashInvitationToken } from './invitation-token.ts';

export const invitationInvalid = () => notFound('This invitation link is not valid. Ask the host to invite you again.');
export const invitationUsed = () => new AppError('bad_request', 'This invitation has already been used. Please sign in.');
export const invitationExpired = () => new AppError('gone', 'This invitation has expired. Ask the host to invite you again.');

export type FindInvitationOptions = { db: DbOrTx; token: string; now?: Date; lock?: boolean };

/**
 * A usable invitation: known token, not used, not expired, and for an event's invitation the e-mail
 * still in its host list (removing a host withdraws the link). The owner's invitation to host
 * (no event) has no such list. Otherwise 404 / 400 (used) / 410 (expired).
 */
export async function findInvitation({ db, token, now = new Date(), lock }: FindInvitationOptions) {
  const q = db
    .select({
      token_hash: host_invitations.token_hash,
      email: host_invitations.email,
      event_id: host_invitations.event_id,
      event_title: events.title,
      expires_at: host_invitations.expires_at,
      used_at: host_invitations.used_at,
      still_host: event_hosts.email,
      role: event_hosts.role,
    })
    .from(host_invitations)
    .leftJoin(events, eq(events.id, host_invitations.event_id))
    .leftJoin(event_hosts, and(eq(event_hosts.event_id, host_invitations.event_id), eq(event_hosts.email, host_invitations.email)))
    .where(eq(host_invitations.token_hash, hashInvitationToken(token)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: host_invitations }) : await q;
  if (!row || (row.event_id !== null && !row.still_host)) throw invitationInvalid();
  if (row.used_at) throw invitationUsed();
  if (row.expires_at <= now) throw invitationExpired();
  return row;
}

export async function getInvitation(opts: { db: DbOrTx; token: string }): Promise<TInvitation> {
  const row = await findInvitation(opts);
  return { email: row.email, event_title: row.event_title, role: row.event_id === null ? null : row.role };
}

import { eq } from 'drizzle-orm';
import type { THostingInvitation } from '../../../common/schemas/people.responses.ts';
import type { SessionUser } from '../../auth/auth.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { createHostInvitation } from '../invitations/create-host-invitation.ts';

const HAS_ACCOUNT = 'This person already has an account.';

export type InviteHostOptions = { db: Db; log: Logger; baseUrl: string; actor: SessionUser; email: string };

/**
 * The owner invites someone to host on this Turnout: a sign-up link for that e-mail only, through the
 * outbox (the co-host invitation's token, expiry and e-mail path, with no event). Inviting again
 * sends a new link; the older ones keep working until they expire or one is used.
 */
export async function inviteHost({ db, log, baseUrl, actor, email }: InviteHostOptions): Promise<THostingInvitation> {
  const now = new Date();
  const { expiresAt } = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
    if (existing) throw new AppError('conflict', HAS_ACCOUNT, { email: HAS_ACCOUNT });
    return createHostInvitation({ tx, baseUrl, to: { eventId: null }, email, inviter: actor.name.trim() || actor.email, now });
  });
  log.info({ by: actor.id }, 'host invited from the People page');
  return { email, created_at: now.toISOString(), expires_at: expiresAt.toISOString() };
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Auth } from '../../auth/auth.ts';
import { createUser } from '../../auth/create-user.ts';
import type { Db } from '../../db/client.ts';
import { host_invitations } from '../../db/schema/events.ts';
import type { Logger } from '../../logger.ts';
import { findInvitation } from './find-invitation.ts';

export type AcceptInvitationOptions = { db: Db; auth: Auth; log: Logger; token: string; password: string; name: string };

/**
 * Creates the account for exactly the invited e-mail (the request names no e-mail at all) and marks
 * every open invitation for it used. The token is claimed under a row lock, so a double submit
 * creates one account; a failed sign-up (e.g. a short password) leaves the link usable.
 */
export async function acceptInvitation({
  db,
  auth,
  log,
  token,
  password,
  name,
}: AcceptInvitationOptions): Promise<{ email: string; userId: string }> {
  return db.transaction(async (tx) => {
    const inv = await findInvitation({ db: tx, token, lock: true });
    const created = await createUser({ auth, email: inv.email, password, name });
    await tx
      .update(host_invitations)
      .set({ used_at: new Date() })
      .where(and(eq(host_invitations.email, inv.email), isNull(host_invitations.used_at)));
    log.info({ userId: created.id }, 'co-host account created from invitation');
    return { email: created.email, userId: created.id };
  });
}

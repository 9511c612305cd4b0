import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { normalizeEmail } from '../../common/schemas/email.ts';
import type { DbOrTx } from '../db/client.ts';
import { event_hosts, host_invitations } from '../db/schema/events.ts';

/**
 * Team places belong to accounts (issue 29, docs/product.md#co-hosts): a place added for an address
 * without an account is pending (event_hosts.user_id null, no access) until that address's own account
 * is created, then it is bound to that account's id for good. An account that later takes the address
 * by changing its e-mail gets nothing, and may not take it while a place or an invitation waits for it.
 */

/** A new account takes the places pending for its address (its creation proved the address or was the owner's). */
export async function bindTeamPlaces(db: DbOrTx, account: { id: string; email: string }): Promise<void> {
  await db
    .update(event_hosts)
    .set({ user_id: account.id })
    .where(and(eq(event_hosts.email, normalizeEmail(account.email)), isNull(event_hosts.user_id)));
}

/** An account's bound places follow its new address, so the team list shows it (access is by id either way). */
export async function followAccountEmail(db: DbOrTx, account: { id: string; email: string }): Promise<void> {
  const email = normalizeEmail(account.email);
  await db
    .update(event_hosts)
    .set({ email })
    .where(and(eq(event_hosts.user_id, account.id), ne(event_hosts.email, email)));
}

/** Whether a team place or an open invitation (to an event's team, or the owner's to host) waits for this address. */
export async function hasPendingPlace(db: DbOrTx, email: string, now = new Date()): Promise<boolean> {
  const address = normalizeEmail(email);
  const [place] = await db
    .select({ one: sql<number>`1` })
    .from(event_hosts)
    .where(and(eq(event_hosts.email, address), isNull(event_hosts.user_id)))
    .limit(1);
  if (place) return true;
  const [invitation] = await db
    .select({ one: sql<number>`1` })
    .from(host_invitations)
    .where(and(eq(host_invitations.email, address), isNull(host_invitations.used_at), gt(host_invitations.expires_at, now)))
    .limit(1);
  return Boolean(invitation);
}

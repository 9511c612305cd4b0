import { eq } from 'drizzle-orm';
import type { ReminderChoice } from '../../../common/constants.ts';
import { MSG } from '../../../common/messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import { isManageSecret } from '../rsvps/rsvp-answer.ts';

/**
 * A guest turns this event's reminders on or off through their manage link (docs/product.md#reminders):
 * the link every reminder carries. 404 "link no longer valid" as for the manage page. A reminder already
 * queued when it is turned off may still arrive; the next ones do not.
 */
export async function setGuestReminders(db: DbOrTx, manageSecret: string, choice: ReminderChoice): Promise<ReminderChoice> {
  if (!isManageSecret(manageSecret)) throw notFound(MSG.manageLinkInvalid);
  const [row] = await db
    .update(event_rsvps)
    .set({ reminders_off: choice === 'off' })
    .where(eq(event_rsvps.manage_secret, manageSecret))
    .returning({ off: event_rsvps.reminders_off });
  if (!row) throw notFound(MSG.manageLinkInvalid);
  return row.off ? 'off' : 'on';
}

/**
 * Where a mail client's one-click "Unsubscribe" of a reminder POSTs (RFC 8058: List-Unsubscribe-Post), without
 * an Origin or a session: it turns this event's reminders off for the guest whose manage secret it holds.
 */
export const oneClickStopPath = (manageSecret: string) => `/api/public/rsvps/${encodeURIComponent(manageSecret)}/reminders/one-click`;

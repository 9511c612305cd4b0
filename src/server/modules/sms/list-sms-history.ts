import { and, desc, eq, sql } from 'drizzle-orm';
import type { TSmsHistory } from '../../../common/schemas/sms.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/auth.ts';
import { jobs } from '../../db/schema/guests.ts';
import { displayNameSql } from '../../domain/display-name.ts';
import type { Actor } from '../../domain/event-access.ts';
import { requireEventAccess } from '../../domain/managed-event.ts';
import type { SmsChannel } from '../../domain/sms-delivery.ts';
import { countJobMessages, NO_MESSAGES } from './count-job-messages.ts';

/** The history lists this many of an event's newest bulk messages. */
export const SMS_HISTORY_LIMIT = 50;

/**
 * An event's message history (docs/product.md#messaging): its bulk SMS jobs, newest first, whoever of
 * its hosts sent them, each with its text, recipients and where its messages are. Derived from the
 * jobs rows (the text is the job's params) and their sms_messages and outbox rows: no table of its own.
 * Owner or co-host of the event (404 otherwise; a paid event's under the two-factor rule, ADR 0020).
 */
export async function listSmsHistory(o: { db: Db; actor: Actor; eventId: string; channel: SmsChannel }): Promise<TSmsHistory> {
  await requireEventAccess({ db: o.db, actor: o.actor, id: o.eventId, need: 'manage' });
  const rows = await o.db
    .select({
      id: jobs.id,
      created_at: jobs.created_at,
      sent_by: displayNameSql,
      message: sql<string>`coalesce(${jobs.params}->>'message', '')`,
      status: jobs.status,
      recipients: jobs.total,
    })
    .from(jobs)
    .leftJoin(user, eq(user.id, jobs.created_by))
    .where(and(eq(jobs.event_id, o.eventId), eq(jobs.kind, 'send-sms')))
    .orderBy(desc(jobs.created_at), desc(jobs.id))
    .limit(SMS_HISTORY_LIMIT);
  const counts = await countJobMessages(
    o.db,
    rows.map((r) => r.id),
  );
  return {
    entries: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), ...(counts.get(r.id) ?? NO_MESSAGES) })),
    channel: o.channel,
  };
}

import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { TDevMailListQuery, TDevMailPage } from '../../../common/schemas/dev-mailbox.ts';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { renderQueuedConfirmation } from '../rsvps/confirmation-email.ts';

export type ListDevMailOptions = { db: DbOrTx } & TDevMailListQuery;

const PREVIEW_CHARS = 140;

/** Messages the worker kept in the dev mailbox, newest first, a page at a time (keyset on sent_at, id). */
export async function listDevMail({ db, channel, cursor, limit }: ListDevMailOptions): Promise<TDevMailPage> {
  const where: SQL[] = [eq(outbox.status, 'sent'), eq(outbox.delivered_via, 'dev-mailbox')];
  if (channel) where.push(eq(outbox.channel, channel));
  if (cursor) {
    where.push(sql`(${outbox.sent_at}, ${outbox.id}) < (select o.sent_at, o.id from ${outbox} o where o.id = ${cursor})`);
  }
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      to: sql<string>`coalesce(${outbox.payload}->>'to', '')`,
      subject: sql<string | null>`${outbox.payload}->>'subject'`,
      preview: sql<string>`left(coalesce(${outbox.payload}->>'text', ${outbox.payload}->>'body', ''), ${PREVIEW_CHARS})`,
      attachmentCount: sql<number>`coalesce(jsonb_array_length(${outbox.payload}->'attachments'), 0)::int`,
      confirmation: sql<Record<string, unknown> | null>`${outbox.payload}->'confirmation'`,
      sentAt: outbox.sent_at,
    })
    .from(outbox)
    .where(and(...where))
    .orderBy(desc(outbox.sent_at), desc(outbox.id))
    .limit(limit + 1);

  const page = rows.slice(0, limit).map(({ confirmation, ...r }) => {
    if (!confirmation) return r;
    // Queued as its input (ADR 0019): rendered here for the preview and the attachment count.
    const mail = renderQueuedConfirmation({ to: r.to, subject: r.subject ?? '', confirmation });
    return { ...r, preview: mail.text.slice(0, PREVIEW_CHARS), attachmentCount: mail.attachments?.length ?? 0 };
  });
  return {
    items: page.map((r) => ({ ...r, subject: r.channel === 'email' ? r.subject : null, sentAt: (r.sentAt ?? new Date(0)).toISOString() })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}

import { type SQL, sql } from 'drizzle-orm';
import type { SMS_CHANNELS } from '../../common/sms.ts';
import type { TSmsDelivery } from '../../common/schemas/sms.ts';
import { outbox } from '../db/schema/outbox.ts';
import { sms_messages } from '../db/schema/sms.ts';
import { event_rsvps } from '../db/schema/rsvps.ts';
import type { Channels } from '../integrations/channels.ts';

export type SmsChannel = (typeof SMS_CHANNELS)[number];

/**
 * An SMS's state from its outbox row: pending or in flight = queued, dead = failed, unknown = handed to
 * Twilio with its answer lost (never resent, docs/decisions/0017-sms.md), kept = the dev mailbox took it
 * (no Twilio: it reached no one); a skipped one says why.
 */
export const deliveryStatus = sql<TSmsDelivery['status']>`case
  when ${sms_messages.skipped} is not null then ${sms_messages.skipped}
  when ${outbox.status} = 'sent' and ${outbox.delivered_via} = 'dev-mailbox' then 'kept'
  when ${outbox.status} = 'sent' then 'sent'
  when ${outbox.status} in ('dead', 'superseded') then 'failed'
  when ${outbox.status} = 'unknown' then 'unknown'
  else 'queued' end`;

/** The guest list's column: the RSVP's latest SMS and where it is (null: never texted). */
export const latestSmsDelivery: SQL<TSmsDelivery | null> = sql<TSmsDelivery | null>`(
  select json_build_object('status', ${deliveryStatus}, 'error', ${outbox.last_error}, 'at', ${sms_messages.created_at})
  from ${sms_messages} left join ${outbox} on ${outbox.id} = ${sms_messages.outbox_id}
  where ${sms_messages.rsvp_id} = ${event_rsvps.id}
  order by ${sms_messages.created_at} desc limit 1)`;

/** Where this app's texts go (docs/product.md#sms): Twilio when it is configured, else the dev mailbox. */
export const smsChannel = (channels: Channels): SmsChannel => (channels.twilio ? 'twilio' : 'dev_mailbox');

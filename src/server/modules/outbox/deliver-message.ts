import type { QueuedEmail, SmsPayload } from '../../db/schema/outbox.ts';
import type { Channels } from '../../integrations/channels.ts';
import { sendableEmail } from './sendable-email.ts';

export type DeliveredVia = 'smtp' | 'twilio' | 'dev-mailbox';

export type DeliverMessageOptions = {
  channels: Channels;
  message: { channel: 'email' | 'sms'; idempotency_key: string; payload: QueuedEmail | SmsPayload };
  /** Cancels an e-mail still queued or in flight (the SMS request is not cancellable). */
  signal?: AbortSignal;
};

/** No provider for this channel is configured: its messages stay in the dev mailbox (the outbox rows). */
export function keptInMailbox(channels: Channels, channel: 'email' | 'sms'): boolean {
  return channel === 'email' ? !channels.smtp : !channels.twilio;
}

/**
 * Hands one message to its channel and resolves once the provider accepted it; throws on failure.
 * An unconfigured channel keeps the message in the dev mailbox (the outbox row itself).
 */
export async function deliverMessage({ channels, message, signal }: DeliverMessageOptions): Promise<{ via: DeliveredVia; ref?: string }> {
  if (keptInMailbox(channels, message.channel)) return { via: 'dev-mailbox' };
  if (message.channel === 'email') {
    const { messageId } = await channels.smtp!.send({
      idempotencyKey: message.idempotency_key,
      payload: sendableEmail(message.payload as QueuedEmail),
      signal,
    });
    return { via: 'smtp', ref: messageId };
  }
  const { sid } = await channels.twilio!.send(message.payload as SmsPayload);
  return { via: 'twilio', ref: sid };
}

import type { TSendSmsResult } from '../../../common/schemas/sms.ts';
import { SMS_SANDBOX_OWNER_ONLY } from '../../../common/messages.ts';
import { SMS_MSG } from '../../../common/sms.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Channels } from '../../integrations/channels.ts';
import type { Actor } from '../../domain/event-access.ts';
import { noteSmsFailure, optedOut, providerError } from './opt-outs.ts';

/** Twilio: "The concatenated message body exceeds the 1600 character limit" (it counts differently from us for some texts). */
const TWILIO_TOO_LONG = 21617;

/**
 * The SMS sandbox (docs/product.md#sms-sandbox): sends one text right away to any number, not through
 * the outbox, and answers what Twilio said. The instance owner's tool only (anyone else 403): it spends
 * the instance's Twilio account outside any event. No Twilio configured: code MISSING_API_KEY (the
 * page shows the configuration error).
 */
export async function sendSandboxSms(o: {
  db: Db;
  channels: Channels;
  actor: Actor & { role: string };
  to: string;
  message: string;
}): Promise<TSendSmsResult> {
  if (o.actor.role !== 'admin') throw new AppError('forbidden', SMS_SANDBOX_OWNER_ONLY);
  const twilio = o.channels.twilio;
  if (!twilio) return { sent: false, sid: null, to: o.to, error: SMS_MSG.notConfigured, code: 'MISSING_API_KEY' };
  if ((await optedOut(o.db, [o.to])).has(o.to)) {
    return { sent: false, sid: null, to: o.to, error: 'This number replied STOP: it gets no SMS.', code: 'OPTED_OUT' };
  }
  try {
    const { sid } = await twilio.send({ to: o.to, body: o.message });
    return { sent: true, sid, to: o.to, error: null, code: null };
  } catch (err) {
    await noteSmsFailure(o.db, o.to, err);
    const { code, status, message } = providerError(err);
    if (status === undefined) throw err; // no answer from Twilio: the 500 path logs it
    // docs/product.md#sms-sandbox: Twilio's "body exceeds the 1600 character limit" is the spec's MESSAGE_TOO_LONG.
    if (code === TWILIO_TOO_LONG) return { sent: false, sid: null, to: o.to, error: SMS_MSG.tooLong, code: 'MESSAGE_TOO_LONG' };
    return { sent: false, sid: null, to: o.to, error: message, code: code === undefined ? null : String(code) };
  }
}

import type { DbOrTx } from '../../db/client.ts';
import type { SmsPayload } from '../../db/schema/outbox.ts';
import type { Channels } from '../../integrations/channels.ts';
import type { Logger } from '../../logger.ts';
import { isPermanentSmsFailure, noteSmsFailure, providerError, smsNeverLeft } from '../sms/opt-outs.ts';
import { type DeliveredVia, deliverMessage } from './deliver-message.ts';
import { type Claimed, markFailed, markHandedOff, markUnknown } from './outbox-store.ts';
import { backoffMs, MAX_ATTEMPTS } from './retry-policy.ts';

/** Why a message past its `not_after` was given up (the outbox schema). */
export const TOO_LATE = 'Not sent: its time had passed (the event had begun).';

export type Outcome = 'sent' | 'retry' | 'dead' | 'unknown' | 'lost';
/** Records a sent message's 'sent' (grouped with others: drain.ts groupMarks); settles once written. */
export type MarkSent = (m: Claimed, via: DeliveredVia) => Promise<void>;

function errorText(err: unknown): string {
  const { code } = providerError(err);
  const text =
    code !== undefined
      ? `Twilio ${code}: ${providerError(err).message}`
      : err instanceof Error
        ? `${err.name}: ${err.message}`
        : String(err);
  return text.slice(0, 2000);
}

/**
 * Rejects once `ms` have passed: a delivery is given up (and retried) before its lease runs out. The
 * work's signal aborts then too, so an SMTP send still queued or in flight in the pool is cancelled
 * rather than left to go out later and hold a connection meanwhile.
 */
function within<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const err = new Error('delivery took longer than half the lease');
        reject(err);
        controller.abort(err);
      },
      Math.max(0, ms),
    );
  });
  return Promise.race([work(controller.signal), deadline]).finally(() => clearTimeout(timer));
}

/**
 * Steps 2 and 3: deliver with nothing held, then record the outcome if the row is still this attempt's.
 * E-mail goes at least once (a repeat keeps its Message-ID, ADR 0006), SMS at most once (ADR 0017).
 * A sent message's mark is started, not awaited (`marked`), so the lane goes on meanwhile.
 */
export async function deliverClaimed(
  o: { db: DbOrTx; channels: Channels; log: Logger; mark: MarkSent },
  claimed: Claimed,
  timeLeftMs: number,
): Promise<{ outcome: Outcome; marked?: Promise<void> }> {
  const { db, channels, log } = o;
  const { id, attempts } = claimed;
  const sms = claimed.channel === 'sms';
  let handedOff = false;
  // A reminder queued before the event began and still here after it (retries, a provider's outage): never sent.
  const notAfter = (claimed.payload as { not_after?: unknown }).not_after;
  if (typeof notAfter === 'string' && Date.parse(notAfter) <= Date.now()) {
    await markFailed(db, claimed, { dead: true, error: TOO_LATE, retryInMs: 0 });
    log.info({ outboxId: id, key: claimed.idempotency_key, channel: claimed.channel, attempts }, 'message too late; not sent');
    return { outcome: 'dead' };
  }
  try {
    if (sms && channels.twilio) {
      await channels.twilio.ready();
      // Not ours any more before it left: the lease ran out (another worker has it) or a cancel took it.
      if (!(await markHandedOff(db, claimed))) return { outcome: 'lost' };
      handedOff = true;
    }
    const { via, ref } = await within((signal) => deliverMessage({ channels, message: claimed, signal }), timeLeftMs);
    // An asynchronous commit: were this mark lost in a crash, the message would go again, with the same
    // Message-ID — at least once either way, and one fsync fewer per message.
    const marked = o.mark(claimed, via);
    marked.catch(() => {}); // the lane awaits it; meanwhile a failure is not unhandled
    log.info({ outboxId: id, key: claimed.idempotency_key, channel: claimed.channel, via, ref, attempts }, 'message sent');
    return { outcome: 'sent', marked };
  } catch (err) {
    // docs/decisions/0017-sms.md: a number Twilio refuses is not retried; STOP replies are remembered;
    // an SMS with no answer from Twilio (timeout, connection lost after sending) is not sent again.
    if (handedOff && !smsNeverLeft(err) && providerError(err).status === undefined) {
      await markUnknown(db, claimed, errorText(err));
      log.warn({ outboxId: id, key: claimed.idempotency_key, channel: 'sms', attempts, err }, 'SMS outcome unknown; not sent again');
      return { outcome: 'unknown' };
    }
    if (sms) await noteSmsFailure(db, (claimed.payload as SmsPayload).to, err);
    const dead = attempts >= MAX_ATTEMPTS || (sms && isPermanentSmsFailure(err));
    const delay = backoffMs(attempts);
    await markFailed(db, claimed, { dead, error: errorText(err), retryInMs: delay });
    const fields = { outboxId: id, key: claimed.idempotency_key, channel: claimed.channel, attempts, err };
    if (dead) log.error(fields, `message dead after ${attempts} attempts`);
    else log.warn({ ...fields, retryInMs: delay }, 'message delivery failed; will retry');
    return { outcome: dead ? 'dead' : 'retry' };
  }
}

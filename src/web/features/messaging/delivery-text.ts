import type { TSmsJobProgress } from '../../../common/schemas/sms.ts';

type Counts = Pick<TSmsJobProgress, 'sent' | 'kept' | 'failed' | 'unknown' | 'queued' | 'skipped'>;

/** Messages that have their outcome (the progress bar's numerator). */
export const finishedCount = (c: Counts) => c.sent + c.kept + c.failed + c.unknown + c.skipped;

/**
 * Where a bulk message's texts are, in words (the progress bar's end and the history,
 * docs/product.md#messaging): only what happened — "kept in the dev mailbox" is not "sent".
 */
export function deliveryCountsText(c: Counts): string {
  const parts = [
    c.sent ? `${c.sent} sent` : '',
    c.kept ? `${c.kept} kept in the dev mailbox (not sent)` : '',
    c.failed ? `${c.failed} failed` : '',
    c.unknown ? `${c.unknown} unknown` : '',
    c.skipped ? `${c.skipped} skipped` : '',
    c.queued ? `${c.queued} waiting` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'nothing sent';
}

import { useEffect, useRef, useState } from 'react';
import { PROGRESS_LINGER_MS } from '../../../common/constants.ts';
import type { TSmsJobProgress } from '../../../common/schemas/sms.ts';
import { notDeliveredText } from '../../../common/not-delivered.ts';
import { partialSuccessText, SMS_MSG } from '../../../common/sms.ts';
import { deliveryCountsText, finishedCount } from './delivery-text.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorCode } from '../../lib/error-code.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { useCancelSmsJob, useSmsJob } from './api.ts';

const storageKey = (eventId: string) => `turnout:sms-job:${eventId}`;

/** The bulk SMS job of an event this browser follows: in localStorage, so closing the tab and coming back shows it again. */
export function useFollowedSmsJob(eventId: string) {
  const read = () => {
    try {
      return localStorage.getItem(storageKey(eventId)) ?? '';
    } catch {
      return '';
    }
  };
  const [state, setState] = useState(() => ({ eventId, jobId: read() }));
  if (state.eventId !== eventId) setState({ eventId, jobId: read() });
  const set = (jobId: string) => {
    try {
      if (jobId) localStorage.setItem(storageKey(eventId), jobId);
      else localStorage.removeItem(storageKey(eventId));
    } catch {
      // no storage: the bar still shows until the page is left
    }
    setState({ eventId, jobId });
  };
  return { jobId: state.eventId === eventId ? state.jobId : read(), follow: set, forget: () => set('') };
}

/** The end of a bulk send, told as it happened: kept in the dev mailbox is not sent (common/not-delivered.ts). */
function announce(p: TSmsJobProgress) {
  if (p.status === 'failed') notify.error(SMS_MSG.bulkError, SMS_MSG.bulkErrorText);
  else if (p.failed + p.unknown > 0 && p.sent + p.kept === 0) notify.error(SMS_MSG.bulkError, SMS_MSG.bulkErrorText);
  else if (p.failed + p.unknown > 0) notify.info(SMS_MSG.partialSuccess, partialSuccessText(p.sent, p.failed, p.unknown));
  else if (p.kept > 0 && p.sent === 0)
    notify.info(SMS_MSG.messagesKept, notDeliveredText('SMS', p.kept === 1 ? 'its recipient' : `its ${p.kept} recipients`));
  else notify.success(p.status === 'cancelled' ? 'Sending cancelled' : 'Messages sent', deliveryCountsText(p));
}

/**
 * A bulk SMS job's progress bar, fed by the server (docs/product.md#messaging); the bar stays
 * PROGRESS_LINGER_MS after the end, then the outcome stays (the failed recipients listed).
 */
export function SmsJobProgress({ jobId, onGone, onDone }: { jobId: string; onGone: () => void; onDone?: () => void }) {
  const job = useSmsJob(jobId);
  const cancel = useCancelSmsJob();
  const announced = useRef('');
  const done = useRef(onDone);
  done.current = onDone;
  const [barHidden, setBarHidden] = useState(false);
  const p = job.data;

  useEffect(() => {
    if (!p?.complete || announced.current === p.id) return;
    announced.current = p.id;
    announce(p);
    done.current?.();
  }, [p]);
  // Its own effect: a later read of the same finished job must not cancel the bar's end.
  const complete = Boolean(p?.complete);
  useEffect(() => {
    if (!complete) return;
    const t = setTimeout(() => setBarHidden(true), PROGRESS_LINGER_MS);
    return () => clearTimeout(t);
  }, [complete]);

  const lost = job.isError && errorCode(job.error) === 'not_found';
  useEffect(() => {
    if (lost) onGone();
  }, [lost, onGone]);

  if (!p) return job.isError ? null : <ProgressBar label="Sending messages" value={null} detail="Starting…" />;
  const finished = finishedCount(p);
  const detail = p.complete ? `Done: ${deliveryCountsText(p)}` : `${finished} of ${p.total}${p.failed ? ` (${p.failed} failed)` : ''}`;
  return (
    <div className="grid gap-3" aria-live="polite">
      {barHidden ? null : <ProgressBar label="Sending messages" value={p.total ? finished / p.total : null} detail={detail} />}
      {!p.complete ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={cancel.isPending || p.status === 'cancelled'}
          onClick={() => cancel.mutate(p.id, { onError: (e) => notify.error(SMS_MSG.bulkError, toUserMessage(e)) })}
        >
          Cancel sending
        </Button>
      ) : null}
      {p.complete && p.failed + p.unknown > 0 ? (
        <div className="rounded-lg border border-danger/30 bg-danger/5 p-3 text-sm">
          <p className="font-semibold">
            {SMS_MSG.partialSuccess}: {partialSuccessText(p.sent, p.failed, p.unknown)}
          </p>
          <ul className="mt-2 grid gap-1">
            {p.failures.map((f) => (
              <li key={`${f.rsvp_id}-${f.to}`}>
                <span className="font-medium">{f.name ?? f.to}</span> <span className="text-ink/70">({f.to})</span>:{' '}
                {f.outcome === 'unknown' ? 'outcome unknown — ' : ''}
                {f.reason}
              </li>
            ))}
          </ul>
          <Button variant="ghost" className="mt-2" onClick={onGone}>
            Dismiss
          </Button>
        </div>
      ) : null}
    </div>
  );
}

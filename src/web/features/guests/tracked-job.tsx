import { useCallback, useEffect, useRef, useState } from 'react';
import { PROGRESS_LINGER_MS } from '../../../common/constants.ts';
import type { TJob } from '../../../common/schemas/guests.ts';
import { errorCode } from '../../lib/error-code.ts';
import { isFinished, useJob } from './api/jobs.ts';
import { ProgressBar } from '../../components/progress-bar.tsx';

const storageKey = (slot: string) => `turnout:job:${slot}`;

function readStored(slot: string): string {
  try {
    return sessionStorage.getItem(storageKey(slot)) ?? '';
  } catch {
    return '';
  }
}

/**
 * The server job a screen follows, kept in this tab's sessionStorage under `slot`: a reload (or coming
 * back to the screen) resumes its progress bar. `track` starts following a job, `forget` stops.
 */
export function useTrackedJob(slot: string) {
  const [state, setState] = useState(() => ({ slot, jobId: readStored(slot) }));
  // Another slot (another event): read its job.
  const jobId = state.slot === slot ? state.jobId : readStored(slot);
  if (state.slot !== slot) setState({ slot, jobId });
  const track = useCallback(
    (id: string) => {
      try {
        sessionStorage.setItem(storageKey(slot), id);
      } catch {
        // Private mode without storage: the bar still shows until the page is left.
      }
      setState({ slot, jobId: id });
    },
    [slot],
  );
  const release = useCallback(() => {
    try {
      sessionStorage.removeItem(storageKey(slot));
    } catch {
      // nothing stored
    }
  }, [slot]);
  const forget = useCallback(() => {
    release();
    setState({ slot, jobId: '' });
  }, [slot, release]);
  return { jobId, track, forget, release };
}

type JobProgressProps = {
  jobId: string;
  label: string;
  /** The job ended (done or failed): toast it. Called once per job. */
  onFinish: (job: TJob) => void;
  /** Hide the bar: PROGRESS_LINGER_MS after the end, or at once when the job cannot be read any more. */
  onGone: () => void;
  /** Stop resuming this job after a reload (it has ended). */
  release: () => void;
};

/** A job's progress bar, polled from the server; it stays PROGRESS_LINGER_MS after the job ends. */
export function JobProgress({ jobId, label, onFinish, onGone, release }: JobProgressProps) {
  const job = useJob(jobId);
  const announced = useRef('');
  const [ended, setEnded] = useState(false);
  const data = job.data;

  useEffect(() => {
    if (!data || !isFinished(data) || announced.current === data.id) return;
    announced.current = data.id;
    release();
    onFinish(data);
    setEnded(true);
  }, [data, onFinish, release]);

  useEffect(() => {
    if (!ended) return;
    const t = setTimeout(onGone, PROGRESS_LINGER_MS);
    return () => clearTimeout(t);
  }, [ended, onGone]);

  // A job that is gone (expired, or another user's after a sign-in switch) is not followed any more.
  const lost = job.isError && (errorCode(job.error) === 'not_found' || errorCode(job.error) === 'forbidden');
  useEffect(() => {
    if (lost) onGone();
  }, [lost, onGone]);

  if (!data) return job.isError ? null : <ProgressBar label={label} value={null} detail="Starting…" />;
  const value = data.total > 0 ? data.done / data.total : data.status === 'done' ? 1 : null;
  const detail =
    data.status === 'failed'
      ? 'Failed'
      : data.status === 'done'
        ? `Done: ${data.done} of ${data.total}`
        : data.status === 'queued'
          ? 'Waiting to start…'
          : `${data.done} of ${data.total}${data.failed ? ` (${data.failed} failed)` : ''}`;
  return (
    <div aria-live="polite">
      <ProgressBar label={label} value={value} detail={detail} />
    </div>
  );
}

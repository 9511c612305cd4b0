import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TJob, TJobAnswer, TQrBackfill, TSendTickets } from '../../../../common/schemas/guests.ts';
import { ApiError, api } from '../../../lib/api.ts';
import { errorCode } from '../../../lib/error-code.ts';
import { guestKeys } from '../../../lib/queries/guest-keys.ts';

/** Polling interval of a running job's progress. */
const POLL_MS = 1000;

export const isFinished = (job: TJob | undefined) => job?.status === 'done' || job?.status === 'failed' || job?.status === 'cancelled';

/** A server job's progress (only its creator may read it), polled until it is done or failed. */
export const jobQuery = (jobId: string) =>
  queryOptions({
    queryKey: guestKeys.job(jobId),
    queryFn: ({ signal }) => api<TJobAnswer>(`/api/jobs/${encodeURIComponent(jobId)}`, { signal }).then((r) => r.job),
    refetchInterval: (q) => (isFinished(q.state.data) || q.state.status === 'error' ? false : POLL_MS),
    enabled: jobId !== '',
  });

/**
 * The job a refused start names as already running (409 `job_running`, its id in `fields.job_id`):
 * the screen follows that job's progress instead of starting a twin (docs/product.md#guest-list).
 */
export function runningJobOf(error: unknown): string | undefined {
  return errorCode(error) === 'job_running' && error instanceof ApiError ? error.fields?.job_id || undefined : undefined;
}

export function useJob(jobId: string) {
  return useQuery(jobQuery(jobId));
}

/** E-mail tickets to a selection of guests (or every confirmed guest a filter matches), as a server job. */
export function useSendTickets(eventId: string) {
  return useMutation({
    mutationFn: (body: TSendTickets) =>
      api<TJobAnswer>(`/api/events/${encodeURIComponent(eventId)}/rsvps/send-tickets`, { method: 'POST', body }).then((r) => r.job),
  });
}

/** Backfill QR codes of one event or of every event the user manages, as a server job. */
export function useQrBackfill() {
  return useMutation({
    mutationFn: (body: TQrBackfill) => api<TJobAnswer>('/api/qr-backfill', { method: 'POST', body }).then((r) => r.job),
  });
}

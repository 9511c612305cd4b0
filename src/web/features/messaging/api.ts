import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGuestList, TGuestRow, TJobAnswer } from '../../../common/schemas/guests.responses.ts';
import type { TSendSmsInput, TSendSmsResult, TSmsHistory, TSmsJobInput, TSmsJobProgress } from '../../../common/schemas/sms.ts';
import { api } from '../../lib/api.ts';
import { type GuestFilter, guestKeys, guestSearch } from '../../lib/queries/guest-keys.ts';

const POLL_MS = 1000;
/** The Messaging screen reads at most this many guests as recipients (the server takes 5,000 a job). */
const MAX_PAGES = 125;

/** Every guest a filter matches, page after page (40 a page), for the recipient chips. */
export const recipientsQuery = (eventId: string, filter: GuestFilter) =>
  queryOptions({
    queryKey: [...guestKeys.all, 'recipients', eventId, filter] as const,
    queryFn: async ({ signal }) => {
      const rows: TGuestRow[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const list = await api<TGuestList>(`/api/events/${encodeURIComponent(eventId)}/rsvps${guestSearch({ ...filter, page })}`, {
          signal,
        });
        rows.push(...list.rows);
        if (rows.length >= list.total || list.rows.length === 0) break;
      }
      return rows;
    },
    enabled: eventId !== '',
  });

export function useRecipients(eventId: string, filter: GuestFilter) {
  return useQuery(recipientsQuery(eventId, filter));
}

export const smsJobDone = (p: TSmsJobProgress | undefined) => Boolean(p?.complete);

/** A bulk SMS job's delivery, polled until every message is sent, failed or skipped. */
export function useSmsJob(jobId: string) {
  return useQuery({
    queryKey: ['sms-job', jobId],
    queryFn: ({ signal }) => api<TSmsJobProgress>(`/api/sms-jobs/${encodeURIComponent(jobId)}`, { signal }),
    refetchInterval: (q) => (smsJobDone(q.state.data) || q.state.status === 'error' ? false : POLL_MS),
    enabled: jobId !== '',
  });
}

const historyKey = (eventId: string) => ['sms-history', eventId] as const;
const HISTORY_POLL_MS = 3000;

/** An event's sent messages, newest first (docs/product.md#messaging); polled while one is still going out. */
export function useSmsHistory(eventId: string) {
  return useQuery({
    queryKey: historyKey(eventId),
    queryFn: ({ signal }) => api<TSmsHistory>(`/api/events/${encodeURIComponent(eventId)}/sms-jobs`, { signal }),
    refetchInterval: (q) =>
      q.state.data?.entries.some((e) => e.status === 'queued' || e.status === 'running' || e.queued > 0) ? HISTORY_POLL_MS : false,
  });
}

/** Reads the event's history again (a send started or finished). */
export function useRefreshSmsHistory(eventId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: historyKey(eventId) });
}

export function useStartSmsJob(eventId: string) {
  const refresh = useRefreshSmsHistory(eventId);
  return useMutation({
    mutationFn: (body: TSmsJobInput) =>
      api<TJobAnswer>(`/api/events/${encodeURIComponent(eventId)}/sms-jobs`, { method: 'POST', body }).then((r) => r.job),
    onSuccess: refresh,
  });
}

export function useCancelSmsJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => api<TSmsJobProgress>(`/api/sms-jobs/${encodeURIComponent(jobId)}/cancel`, { method: 'POST' }),
    onSuccess: (p) => client.setQueryData(['sms-job', p.id], p),
  });
}

export function useSandboxSms() {
  return useMutation({ mutationFn: (body: TSendSmsInput) => api<TSendSmsResult>('/api/send-sms', { method: 'POST', body }) });
}

import { Mail, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { TJob, TSendTickets } from '../../../common/schemas/guests.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { runningJobOf, useSendTickets } from './api/jobs.ts';
import type { GuestFilter } from '../../lib/queries/guest-keys.ts';
import { plural } from './format.ts';
import { bulkTicketsNotice } from './mail-notice.ts';
import { JobProgress, useTrackedJob } from './tracked-job.tsx';

type BulkTicketsProps = {
  eventId: string;
  selectedIds: string[];
  onClear: () => void;
  /** The list's filters: "all attending" sends to every attending guest they match. */
  filter: GuestFilter;
  /** Attending guests the filters match (all pages). */
  attending: number;
};

/**
 * The bulk action of the Guest List (docs/product.md#guest-list): e-mail their tickets to the selected
 * guests, or to every attending guest the filters match, as a server job through the outbox. Its
 * progress bar resumes after a reload (sessionStorage) and stays PROGRESS_LINGER_MS after the end.
 */
export function BulkTickets({ eventId, selectedIds, onClear, filter, attending }: BulkTicketsProps) {
  const { jobId, track, forget, release } = useTrackedJob(`send-tickets:${eventId}`);
  const send = useSendTickets(eventId);
  const [confirmAll, setConfirmAll] = useState(false);

  async function start(body: TSendTickets) {
    try {
      const job = await send.mutateAsync(body);
      track(job.id);
      onClear();
      setConfirmAll(false);
    } catch (err) {
      setConfirmAll(false);
      // The same job is already under way: follow its progress (409). Too many starts (429): the server's wait.
      const running = runningJobOf(err);
      if (running) {
        track(running);
        onClear();
        return notify.info(toUserMessage(err));
      }
      notify.error('Failed to e-mail tickets', toUserMessage(err));
    }
  }

  const onFinish = useCallback((job: TJob) => {
    if (job.status === 'done') {
      const n = bulkTicketsNotice(job);
      notify[n.tone](n.title, n.text);
    } else {
      notify.error('Failed to e-mail tickets', typeof job.result?.error === 'string' ? job.result.error : undefined);
    }
  }, []);

  const { status, checked_in, payment, q } = filter;
  const busy = send.isPending || jobId !== '';

  return (
    <div className="grid grid-cols-1 gap-3">
      {selectedIds.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl border border-accent/30 bg-violet-50 p-3">
          <span className="mr-auto text-sm font-medium" aria-live="polite">
            {plural(selectedIds.length, 'guest')} selected
          </span>
          <Button size="sm" onClick={() => start({ ids: selectedIds })} disabled={busy} aria-busy={send.isPending || undefined}>
            <Mail aria-hidden="true" />
            {send.isPending ? 'Starting…' : 'E-mail tickets'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            <X aria-hidden="true" />
            Clear selection
          </Button>
        </div>
      ) : attending > 0 ? (
        <div className="flex justify-end">
          <Button size="sm" variant="outline" onClick={() => setConfirmAll(true)} disabled={busy}>
            <Mail aria-hidden="true" />
            E-mail tickets to all {attending} attending
          </Button>
        </div>
      ) : null}
      {jobId ? (
        <div className="rounded-xl border border-accent/30 bg-violet-50 p-3">
          <JobProgress jobId={jobId} label="E-mailing tickets" onFinish={onFinish} onGone={forget} release={release} />
        </div>
      ) : null}
      <AlertDialog open={confirmAll} onOpenChange={(o) => !o && !send.isPending && setConfirmAll(false)}>
        {confirmAll ? (
          <AlertDialogContent
            title="E-mail every ticket?"
            description={`Each of the ${plural(attending, 'attending guest')} ${
              q || status || checked_in || payment ? 'matching the search and filters ' : ''
            }gets their current ticket by e-mail. Guests without an e-mail address are skipped.`}
            confirmLabel={send.isPending ? 'Starting…' : 'E-mail tickets'}
            busy={send.isPending}
            tone="primary"
            onConfirm={() => start({ filter: { status, checked_in, payment, q } })}
          />
        ) : null}
      </AlertDialog>
    </div>
  );
}

import { Mail, X } from 'lucide-react';
import { useCallback } from 'react';
import type { TJob } from '../../../common/schemas/guests.ts';
import { Button } from '../../components/ui/button.tsx';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useSendTickets } from './api/jobs.ts';
import { plural } from './format.ts';
import { GUEST_MSG } from './messages.ts';
import { JobProgress, useTrackedJob } from './tracked-job.tsx';

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/**
 * The bulk action of the Guest List (docs/product.md#guest-list): e-mail their tickets to the selected
 * guests, as a server job through the outbox. Its progress bar resumes after a reload (sessionStorage)
 * and stays PROGRESS_LINGER_MS after the end.
 */
export function BulkTickets({ eventId, selectedIds, onClear }: { eventId: string; selectedIds: string[]; onClear: () => void }) {
  const { jobId, track, forget, release } = useTrackedJob(`send-tickets:${eventId}`);
  const send = useSendTickets(eventId);

  async function onSend() {
    if (selectedIds.length === 0) {
      notify.error(GUEST_MSG.noRecipients);
      return;
    }
    try {
      const job = await send.mutateAsync({ ids: selectedIds });
      track(job.id);
      onClear();
    } catch (err) {
      notify.error('Failed to e-mail tickets', toUserMessage(err));
    }
  }

  const onFinish = useCallback((job: TJob) => {
    if (job.status === 'done') {
      const queued = num(job.result?.queued);
      const skipped = num(job.result?.skipped);
      notify.success(
        'Tickets e-mailed',
        `${plural(queued, 'ticket')} on the way${skipped ? `; ${plural(skipped, 'guest')} skipped (not attending or no e-mail)` : ''}.`,
      );
    } else {
      notify.error('Failed to e-mail tickets', typeof job.result?.error === 'string' ? job.result.error : undefined);
    }
  }, []);

  if (selectedIds.length === 0 && !jobId) return null;
  return (
    <div className="grid gap-3 rounded-xl border border-accent/30 bg-violet-50 p-3">
      {selectedIds.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="mr-auto text-sm font-medium" aria-live="polite">
            {plural(selectedIds.length, 'guest')} selected
          </span>
          <Button size="sm" onClick={onSend} disabled={send.isPending || jobId !== ''} aria-busy={send.isPending || undefined}>
            <Mail aria-hidden="true" />
            {send.isPending ? 'Starting…' : 'E-mail tickets'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClear}>
            <X aria-hidden="true" />
            Clear selection
          </Button>
        </div>
      ) : null}
      {jobId ? <JobProgress jobId={jobId} label="E-mailing tickets" onFinish={onFinish} onGone={forget} release={release} /> : null}
    </div>
  );
}

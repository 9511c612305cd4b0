import { type FormEvent, useCallback, useId, useState } from 'react';
import { BACKFILL_DEFAULT_LIMIT } from '../../../common/constants.ts';
import type { TJob } from '../../../common/schemas/guests.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { useEvents } from '../../lib/queries/get-events.ts';
import { runningJobOf, useQrBackfill } from './api/jobs.ts';
import { GUEST_MSG } from './messages.ts';
import { JobProgress, useTrackedJob } from './tracked-job.tsx';

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/**
 * Create missing tickets (docs/product.md#admin-events; the QR backfill): give every confirmed answer of one
 * event (or of every event the host manages) a QR ticket, up to a limit; a dry run only counts; force
 * regenerates every ticket (each guest is e-mailed the new one). Runs as a server job whose progress bar
 * resumes after a reload. `trigger` draws the entry point (the Events tab's More menu), told whether a run is on.
 */
export function BackfillQrCodes({ trigger }: { trigger: (open: () => void, running: boolean) => React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const { jobId, track, forget, release } = useTrackedJob('qr-backfill');

  const onFinish = useCallback((job: TJob) => {
    const processed = num(job.result?.processed);
    const updated = num(job.result?.updated);
    if (job.status === 'done') {
      if (job.result?.dry_run === true) notify.success(GUEST_MSG.backfillDryRun(processed, updated));
      else notify.success(GUEST_MSG.backfillDone(processed, updated));
    } else {
      notify.error(GUEST_MSG.backfillFailed, typeof job.result?.error === 'string' ? job.result.error : GUEST_MSG.qrRegenerateFailed);
    }
  }, []);

  return (
    <div className="grid justify-items-end gap-2">
      {trigger(() => setOpen(true), jobId !== '')}
      {jobId ? (
        <div className="w-64 max-w-full">
          <JobProgress jobId={jobId} label="Creating missing tickets" onFinish={onFinish} onGone={forget} release={release} />
        </div>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent
            title="Create missing tickets"
            description="Give every attending guest a QR ticket where one is missing. Guests who already have one keep it."
          >
            <BackfillForm
              onStarted={(id) => {
                track(id);
                setOpen(false);
              }}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function BackfillForm({ onStarted }: { onStarted: (jobId: string) => void }) {
  const events = useEvents();
  const start = useQrBackfill();
  const [eventId, setEventId] = useState('');
  const [limit, setLimit] = useState(String(BACKFILL_DEFAULT_LIMIT));
  const [dryRun, setDryRun] = useState(false);
  const [force, setForce] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { event: useId(), limit: useId(), dry: useId(), force: useId() };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const n = Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 100_000) {
      setErrors({ limit: 'Choose a limit from 1 to 100,000.' });
      document.getElementById(ids.limit)?.focus();
      return;
    }
    setErrors({});
    try {
      const job = await start.mutateAsync({ ...(eventId ? { eventId } : {}), limit: n, dryRun, force });
      onStarted(job.id);
    } catch (err) {
      // The same backfill is already running: follow its progress (409). Too many starts (429): the server's wait.
      const running = runningJobOf(err);
      if (running) {
        notify.info(toUserMessage(err));
        return onStarted(running);
      }
      const fields = fieldErrorsOf(err);
      if (fields) setErrors({ event: fields.eventId ?? '', limit: fields.limit ?? '' });
      notify.error(GUEST_MSG.backfillFailed, toUserMessage(err));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field label="Events" error={errors.event || undefined}>
        <Select id={ids.event} value={eventId} onChange={(e) => setEventId(e.target.value)} disabled={events.isPending}>
          <option value="">All my events</option>
          {events.data?.map((ev) => (
            <option key={ev.id} value={ev.id}>
              {ev.title}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Limit" error={errors.limit || undefined} hint="At most this many guests in one run.">
        <Input
          id={ids.limit}
          type="number"
          inputMode="numeric"
          min={1}
          max={100_000}
          step={1}
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
        />
      </Field>
      <SwitchField
        id={ids.dry}
        label="Only count"
        hint="Count the guests who would get a ticket; change nothing."
        checked={dryRun}
        onCheckedChange={setDryRun}
      />
      <SwitchField
        id={ids.force}
        label="Replace every ticket"
        hint="Not just the missing ones: old QR codes stop working and each guest is e-mailed the new one."
        checked={force}
        onCheckedChange={setForce}
      />
      <div className="flex flex-col-reverse gap-2 border-t border-ink/10 pt-4 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={start.isPending} aria-busy={start.isPending || undefined}>
          {start.isPending ? 'Starting…' : dryRun ? 'Count' : force ? 'Replace all tickets' : 'Create tickets'}
        </Button>
      </div>
    </form>
  );
}

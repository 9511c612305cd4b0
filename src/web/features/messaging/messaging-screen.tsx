import { ArrowLeft, MessageSquare, Send, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TEventListItem } from '../../../common/schemas/guests.ts';
import { SMS_MSG, smsTooLong } from '../../../common/sms.ts';
import { EventsLoadFailed } from '../../components/events-load-failed.tsx';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Card } from '../../components/ui/card.tsx';
import { Select, Textarea } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { notDeliveredText } from '../../../common/not-delivered.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useEvents } from '../../lib/queries/get-events.ts';
import type { GuestFilter } from '../../lib/queries/guest-keys.ts';
import { EventPicker } from '../../components/event-picker.tsx';
import { useRecipients, useRefreshSmsHistory, useSmsHistory, useStartSmsJob } from './api.ts';
import { eventSmsText, sendSummary } from './prefill.ts';
import { SmsHistory } from './sms-history.tsx';
import { SmsCount } from './sms-count.tsx';
import { SmsJobProgress, useFollowedSmsJob } from './sms-job-progress.tsx';

const AUDIENCES = {
  going: { label: 'All going', filter: { status: 'confirmed' } },
  maybe: { label: 'Maybe', filter: { status: 'maybe' } },
  'not-checked-in': { label: 'Not checked in', filter: { status: 'confirmed', checked_in: 'no' } },
  selected: { label: 'Selected rows', filter: {} },
} satisfies Record<string, { label: string; filter: Pick<GuestFilter, 'status' | 'checked_in'> }>;
type Audience = keyof typeof AUDIENCES;

/**
 * The Messaging tab (docs/product.md#messaging): recipients from an event's guest list as chips, the
 * message (started from the event: eventSmsText) with its live character and segment count, the bulk
 * send after a confirmation as a server job whose progress bar comes back when the page is reopened,
 * and the event's sent messages. ?event= and ?ids= (the guest list's selection).
 */
export function MessagingScreen() {
  const events = useEvents();
  const [params, setParams] = useSearchParams();
  const list = events.data ?? [];
  const event = list.find((e) => e.id === params.get('event')) ?? list[0];
  const ids = useMemo(() => (params.get('ids') ?? '').split(',').filter(Boolean), [params]);

  if (events.isPending) return <Skeleton className="h-96 w-full" />;
  if (events.isError) return <EventsLoadFailed error={events.error} onRetry={() => events.refetch()} />;
  if (!event) {
    return (
      <Card className="mx-auto max-w-xl p-8 text-center">
        <MessageSquare className="mx-auto mb-3 size-8 text-accent" aria-hidden="true" />
        <h2 className="font-display text-2xl font-semibold">No events yet</h2>
        <p className="mt-2 text-ink/70">Create an event: its guests can be texted from here.</p>
      </Card>
    );
  }
  const pick = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('event', id);
      next.delete('ids');
      return next;
    });
  return (
    <section aria-labelledby="messaging-heading" className="grid gap-4">
      <h2 id="messaging-heading" className="font-display text-2xl font-semibold">
        Messaging
      </h2>
      <EventPicker events={list} value={event.id} onChange={pick} />
      <Compose key={event.id} event={event} selectedIds={ids} />
      <SmsHistory eventId={event.id} />
    </section>
  );
}

function Compose({ event, selectedIds }: { event: TEventListItem; selectedIds: string[] }) {
  const eventId = event.id;
  const prefill = eventSmsText(event, window.location.origin);
  const [audience, setAudience] = useState<Audience>(selectedIds.length ? 'selected' : 'going');
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const [message, setMessage] = useState(prefill);
  const [confirming, setConfirming] = useState(false);
  const recipients = useRecipients(eventId, AUDIENCES[audience].filter);
  const start = useStartSmsJob(eventId);
  const channel = useSmsHistory(eventId).data?.channel;
  const refreshHistory = useRefreshSmsHistory(eventId);
  const { jobId, follow, forget } = useFollowedSmsJob(eventId);
  const audienceId = useId();
  const messageId = useId();

  const chosen = useMemo(() => {
    const rows = recipients.data ?? [];
    const inAudience = audience === 'selected' ? rows.filter((r) => selectedIds.includes(r.id)) : rows;
    return inAudience.filter((r) => r.phone && !removed.has(r.id));
  }, [recipients.data, audience, selectedIds, removed]);
  const withoutPhone = (recipients.data ?? []).filter((r) => !r.phone && (audience !== 'selected' || selectedIds.includes(r.id))).length;

  // Checked before the confirmation: it asks only about a message that can go.
  const review = () => {
    if (!message.trim()) return notify.error(SMS_MSG.messageEmpty);
    if (chosen.length === 0) return notify.error(SMS_MSG.noRecipients);
    if (smsTooLong(message)) return notify.error(SMS_MSG.sendingFailed, SMS_MSG.tooLong);
    setConfirming(true);
  };
  const send = () => {
    // A filter goes as a filter (with the chips removed left out): a long list stays a small request.
    const to =
      audience === 'selected'
        ? { rsvp_ids: chosen.map((r) => r.id) }
        : { filter: AUDIENCES[audience].filter, ...(removed.size ? { exclude_ids: [...removed] } : {}) };
    start.mutate(
      { ...to, message },
      {
        onSuccess: (job) => {
          setConfirming(false);
          follow(job.id);
          // The next message starts from this event again; what went is in the history.
          setMessage(prefill);
        },
        onError: (e) => {
          setConfirming(false);
          notify.error(SMS_MSG.bulkError, toUserMessage(e, SMS_MSG.bulkErrorText));
        },
      },
    );
  };
  const summary = sendSummary(chosen.length, message);

  return (
    <Card className="grid gap-5 p-4 sm:p-6">
      <div className="grid gap-2">
        <label htmlFor={audienceId} className="text-sm font-medium">
          Recipients
        </label>
        <Select
          id={audienceId}
          className="sm:w-64"
          value={audience}
          onChange={(e) => {
            setAudience(e.target.value as Audience);
            setRemoved(new Set());
          }}
        >
          {Object.entries(AUDIENCES).map(([k, a]) =>
            k === 'selected' && selectedIds.length === 0 ? null : (
              <option key={k} value={k}>
                {a.label}
              </option>
            ),
          )}
        </Select>
        {recipients.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : recipients.isError ? (
          <p className="text-sm text-danger" role="alert">
            {toUserMessage(recipients.error)}{' '}
            <button type="button" className="underline" onClick={() => recipients.refetch()}>
              Retry
            </button>
          </p>
        ) : (
          <>
            <ul aria-label="Recipients" className="flex max-h-48 flex-wrap gap-2 overflow-y-auto touch:p-1">
              {chosen.map((r) => (
                <li key={r.id} className="inline-flex items-center gap-1 rounded-full bg-accent/10 py-1 pr-1 pl-3 text-sm">
                  {r.name}
                  <button
                    type="button"
                    aria-label={`Remove ${r.name}`}
                    className="tap-target grid size-7 place-items-center rounded-full hover:bg-accent/20"
                    onClick={() => setRemoved((s) => new Set(s).add(r.id))}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
            <p className="text-sm text-ink/70">
              {chosen.length} {chosen.length === 1 ? 'recipient' : 'recipients'}
              {withoutPhone ? ` · ${withoutPhone} without a phone number left out` : ''}
            </p>
          </>
        )}
      </div>
      <div className="grid gap-2">
        <label htmlFor={messageId} className="text-sm font-medium">
          Message
        </label>
        <Textarea
          id={messageId}
          rows={5}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby={`${messageId}-count`}
        />
        <SmsCount text={message} id={`${messageId}-count`} />
      </div>
      {jobId ? <SmsJobProgress key={jobId} jobId={jobId} onGone={forget} onDone={refreshHistory} /> : null}
      <div className="flex flex-wrap justify-between gap-3">
        <Link to={`/auth/admin?tab=guest-list&event=${encodeURIComponent(eventId)}`} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          Back to Event
        </Link>
        <Button onClick={review} disabled={start.isPending}>
          <Send aria-hidden="true" />
          {start.isPending ? 'Sending…' : 'Send Messages'}
        </Button>
      </div>
      <AlertDialog open={confirming} onOpenChange={(open) => !start.isPending && setConfirming(open)}>
        <AlertDialogContent
          tone="primary"
          title={`${summary}?`}
          description={
            <>
              <span className="block">
                {chosen.length === 1 ? 'This guest gets' : `Each of these ${chosen.length} guests gets`} this text now; a text cannot be
                taken back.
              </span>
              <span className="mt-3 block max-h-40 overflow-y-auto rounded-lg bg-ink/5 p-3 break-words whitespace-pre-wrap text-ink">
                {message.trim()}
              </span>
              {channel === 'dev_mailbox' ? <span className="mt-3 block">{notDeliveredText('SMS', 'them')}</span> : null}
            </>
          }
          confirmLabel={start.isPending ? 'Sending…' : summary}
          onConfirm={send}
          busy={start.isPending}
        />
      </AlertDialog>
    </Card>
  );
}

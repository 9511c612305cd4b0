import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { TCalendarFeed, TCalendarFeedAnswer } from '../../common/schemas/calendar-feeds.ts';
import { api } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { toUserMessage } from '../lib/user-message.ts';
import { AlertDialog, AlertDialogContent } from './ui/alert-dialog.tsx';
import { Button } from './ui/button.tsx';
import { buttonVariants } from './ui/button-variants.ts';
import { CopyButton } from './ui/copy-button.tsx';
import { Skeleton } from './ui/skeleton.tsx';

const feedQuery = (path: string) =>
  queryOptions({
    queryKey: ['calendar-feed', path],
    queryFn: ({ signal }) => api<TCalendarFeedAnswer>(path, { signal }).then((d) => d.feed),
  });

type Confirming = 'new' | 'off' | null;

/**
 * A private calendar feed (docs/product.md#calendar-feed): the account's (all the events one hosts) or one
 * event's, by its API path. Off: one button turns it on. On: the webcal:// link to copy or open in the
 * calendar app, the https one for Google Calendar's "From URL", a new link and Turn off (both asked first:
 * the old link stops working).
 */
export function CalendarFeed({ path, what }: { path: string; what: string }) {
  const qc = useQueryClient();
  const query = useQuery(feedQuery(path));
  const [confirming, setConfirming] = useState<Confirming>(null);
  const make = useMutation({
    mutationFn: () => api<TCalendarFeedAnswer>(path, { method: 'POST' }).then((d) => d.feed),
    onSuccess: (feed) => qc.setQueryData(feedQuery(path).queryKey, feed),
  });
  const off = useMutation({
    mutationFn: () => api(path, { method: 'DELETE' }),
    onSuccess: () => qc.setQueryData(feedQuery(path).queryKey, null),
  });
  const busy = make.isPending || off.isPending;

  async function run(action: 'on' | 'new' | 'off') {
    try {
      if (action === 'off') {
        await off.mutateAsync();
        notify.success('Calendar feed turned off', 'Its link no longer works.');
      } else {
        await make.mutateAsync();
        notify.success(
          action === 'new' ? 'New link made' : 'Calendar feed on',
          action === 'new' ? 'The old link no longer works.' : undefined,
        );
      }
      setConfirming(null);
    } catch (err) {
      notify.error(action === 'off' ? 'The feed was not turned off' : 'The link was not made', toUserMessage(err));
    }
  }

  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only">Loading the calendar feed…</span>
        <Skeleton className="h-11" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p>{toUserMessage(query.error, 'Failed to load the calendar feed.')}</p>
        <Button variant="outline" className="justify-self-start" onClick={() => query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const feed = query.data;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink/70">
        Your calendar app shows {what}, kept up to date: calendar apps fetch it on their own schedule (Google Calendar within a day). The
        link is private: anyone who has it sees the events' titles, times and places.
      </p>
      {feed ? (
        <FeedLinks feed={feed} />
      ) : (
        <Button className="justify-self-start" disabled={busy} onClick={() => run('on')}>
          <CalendarPlus aria-hidden="true" />
          {make.isPending ? 'Making the link…' : 'Make a calendar link'}
        </Button>
      )}
      {feed ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy} onClick={() => setConfirming('new')}>
            Make a new link
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => setConfirming('off')}>
            Turn off
          </Button>
        </div>
      ) : null}
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && !busy && setConfirming(null)}>
        {confirming ? (
          <AlertDialogContent
            title={confirming === 'new' ? 'Make a new link?' : 'Turn off the calendar feed?'}
            description={
              confirming === 'new'
                ? 'The old link stops working at once: calendars subscribed to it stop updating. Subscribe again with the new link.'
                : 'The link stops working at once: calendars subscribed to it stop updating.'
            }
            confirmLabel={busy ? 'Working…' : confirming === 'new' ? 'Make a new link' : 'Turn off'}
            busy={busy}
            onConfirm={(e) => {
              e.preventDefault();
              void run(confirming);
            }}
          />
        ) : null}
      </AlertDialog>
    </div>
  );
}

function FeedLinks({ feed }: { feed: TCalendarFeed }) {
  const webcalId = useId();
  const httpsId = useId();
  if (!feed.url || !feed.webcal_url) {
    return (
      <p className="text-sm" role="status">
        The feed is on, but its link can no longer be shown here. Make a new link to see one (the old one stops working).
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <label htmlFor={webcalId} className="text-sm font-medium">
          Subscribe in your calendar
        </label>
        <div className="flex gap-2">
          <input
            id={webcalId}
            readOnly
            value={feed.webcal_url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-lg border border-ink/20 bg-paper-soft px-3 font-mono text-sm"
          />
          <CopyButton text={feed.webcal_url} srLabel="Copy the calendar link" />
        </div>
        <a href={feed.webcal_url} className={`${buttonVariants({ variant: 'outline', size: 'md' })} justify-self-start`}>
          <CalendarPlus aria-hidden="true" />
          Open in calendar app
        </a>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={httpsId} className="text-sm font-medium">
          For Google Calendar (Other calendars → From URL)
        </label>
        <div className="flex gap-2">
          <input
            id={httpsId}
            readOnly
            value={feed.url}
            onFocus={(e) => e.currentTarget.select()}
            className="h-11 min-w-0 flex-1 rounded-lg border border-ink/20 bg-paper-soft px-3 font-mono text-sm"
          />
          <CopyButton text={feed.url} srLabel="Copy the https calendar link" />
        </div>
      </div>
    </div>
  );
}

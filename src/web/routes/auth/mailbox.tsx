import { ArrowLeft, Inbox, RefreshCw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { TDevMailChannel } from '../../../common/schemas/dev-mailbox.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDevMailList } from '../../features/dev-mailbox/api.ts';
import { MessageList } from '../../features/dev-mailbox/message-list.tsx';
import { ReadingPane } from '../../features/dev-mailbox/reading-pane.tsx';
import { cn } from '../../lib/cn.ts';
import { LoadFailed } from '../../components/page-states.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { errorCode } from '../../lib/error-code.ts';
import { toUserMessage } from '../../lib/user-message.ts';

const FILTERS: { value: TDevMailChannel | undefined; label: string }[] = [
  { value: undefined, label: 'All' },
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'SMS' },
];

/**
 * /auth/mailbox: messages the app kept because SMTP or Twilio is not configured (admins only).
 * The selected message and the channel filter live in the URL, so Back works on a phone.
 */
export function Component() {
  useDocumentTitle('Dev mailbox');
  const [params, setParams] = useSearchParams();
  const channel = (['email', 'sms'] as const).find((c) => c === params.get('channel'));
  const selectedId = params.get('id');
  const list = useDevMailList(channel);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const update = (next: { channel?: TDevMailChannel; id?: string | null }, replace = false) => {
    const q = new URLSearchParams(params);
    if ('channel' in next) next.channel ? q.set('channel', next.channel) : q.delete('channel');
    if ('id' in next) next.id ? q.set('id', next.id) : q.delete('id');
    setParams(q, { replace });
  };

  const forbidden = errorCode(list.error) === 'forbidden';

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-ink/10 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <Button asChild variant="ghost" size="icon" aria-label="Back to the dashboard">
              <Link to="/">
                <ArrowLeft aria-hidden="true" />
              </Link>
            </Button>
            <h1 className="truncate font-display text-xl font-semibold">Dev mailbox</h1>
          </div>
          <Button variant="outline" size="sm" onClick={() => list.refetch()} disabled={list.isFetching} aria-label="Refresh">
            <RefreshCw aria-hidden="true" className={cn(list.isFetching && 'animate-spin')} />
            <span className="hidden sm:inline">Refresh</span>
          </Button>
        </div>
      </header>

      <main className="mx-auto flex w-full max-w-6xl min-h-0 flex-1 flex-col px-0 sm:px-6 sm:py-6">
        <p className="px-4 py-3 text-sm text-ink/70 sm:px-0 sm:pt-0">
          E-mails and text messages land here while SMTP or Twilio is not configured. Nothing here was sent to anyone.
        </p>
        {forbidden ? (
          <Card className="mx-4 p-8 text-center sm:mx-0">
            <p className="font-medium">Only the owner account can read the dev mailbox.</p>
          </Card>
        ) : (
          <div className="flex min-h-[70vh] flex-1 overflow-hidden border-y border-ink/10 bg-white shadow-sm sm:rounded-2xl sm:border md:grid md:grid-cols-[20rem_1fr]">
            <section
              aria-label="Message list"
              className={cn('flex min-w-0 flex-1 flex-col border-ink/10 md:border-r', selectedId && 'hidden md:flex')}
            >
              <fieldset className="flex gap-1 border-b border-ink/10 p-2">
                <legend className="sr-only">Channel</legend>
                {FILTERS.map((f) => (
                  <button
                    key={f.label}
                    type="button"
                    aria-pressed={channel === f.value}
                    onClick={() => update({ channel: f.value, id: null }, true)}
                    className={cn(
                      'min-h-9 flex-1 cursor-pointer rounded-lg px-3 text-sm font-medium touch:min-h-11',
                      channel === f.value ? 'bg-ink text-paper' : 'text-ink/70 hover:bg-ink/5',
                    )}
                  >
                    {f.label}
                  </button>
                ))}
              </fieldset>
              <div className="min-h-0 flex-1 overflow-y-auto">
                {list.isPending ? (
                  <ListSkeleton />
                ) : list.error ? (
                  <LoadFailed
                    layout="panel"
                    title="The messages could not be loaded."
                    message={toUserMessage(list.error)}
                    onRetry={() => list.refetch()}
                    retrying={list.isFetching}
                  />
                ) : items.length === 0 ? (
                  <EmptyState filtered={Boolean(channel)} />
                ) : (
                  <>
                    <MessageList items={items} selectedId={selectedId} onSelect={(id) => update({ id })} />
                    {list.hasNextPage && (
                      <div className="p-3">
                        <Button
                          variant="outline"
                          size="sm"
                          className="w-full"
                          onClick={() => list.fetchNextPage()}
                          disabled={list.isFetchingNextPage}
                        >
                          {list.isFetchingNextPage ? 'Loading...' : 'Load older messages'}
                        </Button>
                      </div>
                    )}
                  </>
                )}
              </div>
            </section>

            <section aria-label="Reading pane" className={cn('min-w-0 flex-1 flex-col', selectedId ? 'flex' : 'hidden md:flex')}>
              {selectedId ? (
                <>
                  <div className="border-b border-ink/10 p-2 md:hidden">
                    <Button variant="ghost" size="sm" onClick={() => update({ id: null })}>
                      <ArrowLeft aria-hidden="true" /> All messages
                    </Button>
                  </div>
                  <ReadingPane key={selectedId} id={selectedId} />
                </>
              ) : (
                <div className="grid flex-1 place-items-center p-6 text-center text-sm text-ink/70">Select a message to read it.</div>
              )}
            </section>
          </div>
        )}
      </main>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading messages" className="grid gap-4 p-4">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-full" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="grid place-items-center gap-2 p-8 text-center">
      <Inbox className="size-8 text-ink/40" aria-hidden="true" />
      <p className="font-medium">{filtered ? 'No messages of this kind yet' : 'The mailbox is empty'}</p>
      <p className="text-sm text-ink/70">Invitations, confirmations and tickets will show up here once the app sends them.</p>
    </div>
  );
}

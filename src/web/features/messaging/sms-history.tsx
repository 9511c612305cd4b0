import { History } from 'lucide-react';
import type { TSmsHistory } from '../../../common/schemas/sms.ts';
import { SMS_MSG } from '../../../common/sms.ts';
import { zonedFormat } from '../../../common/zoned-format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toUserMessage } from '../../lib/user-message.ts';
import { useSmsHistory } from './api.ts';
import { deliveryCountsText } from './delivery-text.ts';

type Entry = TSmsHistory['entries'][number];

/** When a message went, in the host's own zone (the event's zone is for the event's dates). */
function sentAt(iso: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zonedFormat('sms-sent-at', zone, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
}

const STATUS: Partial<Record<Entry['status'], string>> = { queued: 'starting', running: 'sending', cancelled: 'cancelled' };

function HistoryEntry({ e }: { e: Entry }) {
  const status = STATUS[e.status];
  return (
    <li className="rounded-lg border border-ink/10">
      <details className="group">
        <summary className="grid min-h-11 cursor-pointer gap-1 p-3 marker:text-ink/50">
          <span className="font-medium">
            {sentAt(e.created_at)}
            {status ? <span className="ml-2 text-sm font-normal text-ink/70">({status})</span> : null}
          </span>
          <span className="text-sm text-ink/70">
            {e.sent_by ? `by ${e.sent_by} · ` : ''}
            {e.recipients} {e.recipients === 1 ? 'recipient' : 'recipients'} · {deliveryCountsText(e)}
          </span>
        </summary>
        <p className="border-t border-ink/10 p-3 text-sm break-words whitespace-pre-wrap">{e.message}</p>
      </details>
    </li>
  );
}

/** "Sent messages": the event's bulk texts, newest first, each opened for its text (docs/product.md#messaging). */
export function SmsHistory({ eventId }: { eventId: string }) {
  const history = useSmsHistory(eventId);
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <h3 id="sms-history-heading" className="flex items-center gap-2 font-semibold">
        <History className="size-4 text-accent" aria-hidden="true" />
        Sent messages
      </h3>
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : history.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="text-danger">
            {SMS_MSG.historyFailed} {toUserMessage(history.error)}
          </p>
          <Button variant="outline" onClick={() => history.refetch()}>
            Retry
          </Button>
        </div>
      ) : history.data.entries.length === 0 ? (
        <p className="text-sm text-ink/70">{SMS_MSG.historyEmpty}</p>
      ) : (
        <ul aria-labelledby="sms-history-heading" className="grid gap-2">
          {history.data.entries.map((e) => (
            <HistoryEntry key={e.id} e={e} />
          ))}
        </ul>
      )}
    </Card>
  );
}

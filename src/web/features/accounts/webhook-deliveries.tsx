import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TWebhookDelivery, TWebhookEndpoint } from '../../../common/schemas/webhooks.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { ago } from './session-labels.ts';
import { ListPending } from './shown-once.tsx';
import { deliveriesQuery, endpointPath } from './webhooks-api.ts';

const STATUS: Record<TWebhookDelivery['status'], { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' }> = {
  pending: { label: 'Queued', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'neutral' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const inFuture = (iso: string) => {
  const s = Math.max(0, Math.round((new Date(iso).getTime() - Date.now()) / 1000));
  return s < 90 ? `in ${s} s` : `in ${Math.round(s / 60)} min`;
};

/** What became of one message, in words: the answer, or why none came, and when the next try goes. */
function outcome(d: TWebhookDelivery): string {
  const parts: string[] = [];
  if (d.attempts === 0) parts.push('Not sent yet');
  else parts.push(`${d.attempts} attempt${d.attempts === 1 ? '' : 's'}, last ${d.last_attempt_at ? ago(d.last_attempt_at) : ''}`);
  if (d.response_status !== null) parts.push(`HTTP ${d.response_status}`);
  if (d.duration_ms !== null) parts.push(`${d.duration_ms} ms`);
  if (d.status === 'pending' && d.attempts > 0 && d.next_attempt_at) parts.push(`next try ${inFuture(d.next_attempt_at)}`);
  return parts.join(' · ');
}

/** An endpoint's delivery log (docs/product.md#webhooks): the latest 100 messages, each with Resend. */
export function WebhookDeliveries({ endpoint, onClose }: { endpoint: TWebhookEndpoint; onClose: () => void }) {
  const query = deliveriesQuery(endpoint.id);
  const log = useQuery(query);
  const qc = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  async function resend(d: TWebhookDelivery) {
    setBusy(d.id);
    try {
      await api(`${endpointPath(endpoint.id)}/deliveries/${d.id}/resend`, { method: 'POST' });
      notify.success('Queued again', 'It goes out within a few seconds.');
      await qc.invalidateQueries({ queryKey: query.queryKey });
    } catch (err) {
      notify.error('It was not queued again', toUserMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Deliveries" description={<span className="break-all">{endpoint.url}</span>} className="sm:max-w-2xl">
        <div className="grid gap-3">
          <Button
            variant="outline"
            size="sm"
            className="h-11 justify-self-start"
            onClick={() => void log.refetch()}
            disabled={log.isFetching}
          >
            {log.isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
          {!log.isSuccess ? (
            <ListPending state={log} what="the deliveries" />
          ) : log.data.length === 0 ? (
            <p className="text-sm text-ink/70">
              Nothing has been sent to this endpoint yet. Messages appear here as guests answer, pay or arrive.
            </p>
          ) : (
            <ul className="grid gap-2" aria-label="Deliveries, newest first">
              {log.data.map((d) => (
                <li key={d.id} className="grid gap-1 rounded-xl border border-ink/10 p-3">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-medium">{d.type}</span>
                    <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
                    <span className="text-xs text-ink/70">{ago(d.created_at)}</span>
                  </p>
                  <p className="text-sm text-ink/70">{outcome(d)}</p>
                  {d.error || d.response_excerpt ? (
                    <p className="break-all rounded-lg bg-paper p-2 font-mono text-xs">{d.error ?? d.response_excerpt}</p>
                  ) : null}
                  <p className="flex flex-wrap items-center justify-between gap-2">
                    <span className="break-all font-mono text-xs text-ink/70">{d.id}</span>
                    {d.status === 'delivered' || d.status === 'failed' ? (
                      <Button
                        variant="outline"
                        size="sm"
                        className="h-11"
                        disabled={busy !== null}
                        onClick={() => void resend(d)}
                        aria-label={`Resend ${d.type} ${d.id}`}
                      >
                        {busy === d.id ? 'Queuing…' : 'Resend'}
                      </Button>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

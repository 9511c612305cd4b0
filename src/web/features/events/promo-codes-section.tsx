import { Pencil, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import type { TPromoCode } from '../../../common/schemas/promo-codes.ts';
import type { TTicketType } from '../../../common/schemas/ticket-types.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatMinorUnits } from '../../lib/money.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useDeletePromoCode, usePromoCodes } from './api/promo-codes.ts';
import { useTicketTypes } from './api/ticket-types.ts';
import { ChargesForm } from './charges-form.tsx';
import { PromoCodeEditor } from './promo-code-editor.tsx';

/** "20% off · VIP · 12 of 50 used · 2 per order · expires 1 Mar 2027, 18:00". */
function codeLine(c: TPromoCode, types: readonly TTicketType[], currency: string) {
  const parts = [c.kind === 'percent' ? `${c.value}% off` : `${formatMinorUnits(c.value, currency)} off`];
  parts.push(
    c.type_ids === null
      ? 'all types'
      : types
          .filter((t) => c.type_ids!.includes(t.id))
          .map((t) => t.name)
          .join(', ') || 'no type',
  );
  parts.push(c.max_uses === null ? `${c.uses} used` : `${c.uses} of ${c.max_uses} used`);
  if (c.per_order !== null) parts.push(`${c.per_order} per order`);
  if (c.expires_at) {
    const at = new Date(c.expires_at);
    parts.push(
      `${at.getTime() <= Date.now() ? 'expired' : 'expires'} ${at.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
  }
  return parts.join(' · ');
}

/**
 * The event's promo codes and its tax and booking fee (docs/product.md#promo-codes, #taxes-and-fees), beside its
 * ticket types: they apply to orders of ticket types, so they appear once the event has types.
 */
export function PromoCodesSection({ eventId, currency }: { eventId: string; currency: string }) {
  const types = useTicketTypes(eventId);
  const codes = usePromoCodes(eventId);
  const remove = useDeletePromoCode(eventId);
  const [editing, setEditing] = React.useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = React.useState<TPromoCode | null>(null);
  const [announce, setAnnounce] = React.useState('');
  const headingId = React.useId();
  const typeList = types.data ?? [];
  const list = codes.data ?? [];
  if (!typeList.length) return null;

  async function onDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setAnnounce(`${deleting.code} deleted.`);
    } catch (err) {
      notify.error('Failed to delete the promo code', toUserMessage(err));
    }
    setDeleting(null);
  }

  return (
    <div className="grid gap-5">
      <section aria-labelledby={headingId} className="grid gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold">
            Promo codes
          </h3>
          <p className="text-sm text-ink/70">
            Guests enter a code on the event page before they pay. A code can also unlock hidden ticket types. Each change is saved at once.
          </p>
        </div>
        <p aria-live="polite" className="sr-only">
          {announce}
        </p>
        {codes.isPending ? (
          <Skeleton className="h-14" />
        ) : codes.isError ? (
          <p className="text-sm text-danger" role="alert">
            Failed to load the promo codes.{' '}
            <button type="button" className="underline underline-offset-4" onClick={() => codes.refetch()}>
              Retry
            </button>
          </p>
        ) : list.length === 0 && editing !== 'new' ? (
          <p className="rounded-lg bg-paper-soft px-3 py-2 text-sm text-ink/70">No promo codes yet.</p>
        ) : (
          <ul className="grid gap-2" aria-labelledby={headingId}>
            {list.map((c) =>
              editing === c.id ? (
                <li key={c.id}>
                  <PromoCodeEditor eventId={eventId} code={c} types={typeList} currency={currency} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <li
                  key={c.id}
                  className="flex items-center gap-2 rounded-lg border border-ink/15 bg-white py-1 pr-1 pl-3"
                  data-testid="promo-code-row"
                >
                  <span className="min-w-0 flex-1 py-1">
                    <span className="block truncate font-mono text-sm font-semibold">{c.code}</span>
                    <span className="block text-xs text-ink/70">{codeLine(c, typeList, currency)}</span>
                  </span>
                  <Button variant="ghost" size="icon" className="size-11" aria-label={`Edit ${c.code}`} onClick={() => setEditing(c.id)}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className="size-11" aria-label={`Delete ${c.code}`} onClick={() => setDeleting(c)}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ),
            )}
          </ul>
        )}
        {editing === 'new' ? (
          <PromoCodeEditor eventId={eventId} types={typeList} currency={currency} onDone={() => setEditing(null)} />
        ) : codes.isSuccess ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" /> Add a promo code
          </Button>
        ) : null}
        <AlertDialog open={deleting !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : setDeleting(null))}>
          {deleting ? (
            <AlertDialogContent
              title={`Delete ${deleting.code}?`}
              description="It stops working at once. Orders that used it keep their discount."
              confirmLabel="Delete promo code"
              onConfirm={onDelete}
              busy={remove.isPending}
            />
          ) : null}
        </AlertDialog>
      </section>
      <ChargesForm eventId={eventId} currency={currency} />
    </div>
  );
}

import { Pencil, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { MAX_TICKET_TYPES, type TTicketType } from '../../../common/schemas/ticket-types.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatMinorUnits } from '../../lib/money.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useDeleteTicketType, useTicketTypes } from './api/ticket-types.ts';
import { TicketTypeEditor } from './ticket-type-editor.tsx';

/** "VIP · $50.00 · 12 of 40 taken · up to 4 per order · hidden". */
function typeLine(t: TTicketType, currency: string) {
  const parts = [
    t.price ? formatMinorUnits(t.price, currency) : 'Free',
    t.quantity === null ? `${t.seats_taken} taken` : `${t.seats_taken} of ${t.quantity} taken`,
    `${t.min_per_order > 1 ? `${t.min_per_order} to ` : 'up to '}${t.max_per_order} per order`,
  ];
  if (t.admission === 'group') parts.push('one ticket per party');
  if (t.hidden) parts.push('hidden');
  return parts.join(' · ');
}

/**
 * The event's ticket types (docs/product.md#ticket-types): each saved at once on its own; a delete asks first,
 * and the server refuses one with tickets (hide it instead). With no types the event sells as before.
 */
export function TicketTypesSection({ eventId, currency }: { eventId: string; currency: string }) {
  const types = useTicketTypes(eventId);
  const remove = useDeleteTicketType(eventId);
  const [editing, setEditing] = React.useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = React.useState<TTicketType | null>(null);
  const [announce, setAnnounce] = React.useState('');
  const headingId = React.useId();
  const list = types.data ?? [];

  async function onDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      setAnnounce(`“${deleting.name}” deleted.`);
      setDeleting(null);
    } catch (err) {
      notify.error('Failed to delete the ticket type', toUserMessage(err));
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h3 id={headingId} className="text-base font-semibold">
          Ticket types
        </h3>
        <p className="text-sm text-ink/70">
          Sell several kinds of ticket, each with its price and limits. Guests then pick a quantity of each. Each change is saved at once.
        </p>
      </div>
      <p aria-live="polite" className="sr-only">
        {announce}
      </p>
      {types.isPending ? (
        <Skeleton className="h-14" />
      ) : types.isError ? (
        <p className="text-sm text-danger" role="alert">
          Failed to load the ticket types.{' '}
          <button type="button" className="underline underline-offset-4" onClick={() => types.refetch()}>
            Retry
          </button>
        </p>
      ) : list.length === 0 && editing !== 'new' ? (
        <p className="rounded-lg bg-paper-soft px-3 py-2 text-sm text-ink/70">
          No ticket types: guests answer with a party size, as before.
        </p>
      ) : (
        <ul className="grid gap-2" aria-labelledby={headingId}>
          {list.map((t) =>
            editing === t.id ? (
              <li key={t.id}>
                <TicketTypeEditor eventId={eventId} type={t} currency={currency} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={t.id}
                className="flex items-center gap-2 rounded-lg border border-ink/15 bg-white py-1 pr-1 pl-3"
                data-testid="ticket-type-row"
              >
                <span className="min-w-0 flex-1 py-1">
                  <span className="block truncate text-sm font-medium">{t.name}</span>
                  <span className="block text-xs text-ink/70">{typeLine(t, currency)}</span>
                </span>
                <Button variant="ghost" size="icon" className="size-11" aria-label={`Edit “${t.name}”`} onClick={() => setEditing(t.id)}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" className="size-11" aria-label={`Delete “${t.name}”`} onClick={() => setDeleting(t)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
      {editing === 'new' ? (
        <TicketTypeEditor eventId={eventId} currency={currency} onDone={() => setEditing(null)} />
      ) : list.length < MAX_TICKET_TYPES && types.isSuccess ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" /> Add a ticket type
        </Button>
      ) : null}
      <AlertDialog open={deleting !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : setDeleting(null))}>
        {deleting ? (
          <AlertDialogContent
            title={`Delete “${deleting.name}”?`}
            description={
              deleting.seats_taken
                ? 'Guests hold tickets of this type, so it cannot be deleted: hide it instead to stop selling it.'
                : 'No guest holds a ticket of this type yet.'
            }
            confirmLabel="Delete ticket type"
            onConfirm={onDelete}
            busy={remove.isPending}
          />
        ) : null}
      </AlertDialog>
    </section>
  );
}

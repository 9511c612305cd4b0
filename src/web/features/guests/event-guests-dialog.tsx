import { QrCode } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TEventAdmin } from '../../../common/schemas/events.ts';
import type { TEventCounts, TGuestList } from '../../../common/schemas/guests.ts';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { useGuestList } from './api/get-guests.ts';
import { CapacitySummary } from './capacity-summary.tsx';
import { CsvLink } from './csv-link.tsx';
import { plural } from './format.ts';
import { type GuestTarget, StatusBadge } from './guest-dialog-parts.tsx';
import { GuestSearch } from './guest-filters.tsx';
import { ListError, ListSkeleton } from './list-states.tsx';
import { Pager } from './pager.tsx';
import { QrDialog } from './qr-dialog.tsx';
import { checkedInCell, rowActions } from './status.ts';

/**
 * The guest list of one event, opened from its card (docs/product.md#guest-list): search, stats and
 * CSV export, with each guest's QR dialog; the full list with filters and bulk actions is the Guest List tab.
 */
/** An event of the admin list: its counts are missing only for a moment after it was created. */
export type EventWithCounts = TEventAdmin & { counts?: TEventCounts };

export function EventGuestsDialog({ event, onClose }: { event: EventWithCounts | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onOpenChange={(o) => !o && onClose()}>
      {event ? (
        <DialogContent title="Guest list" description={event.title} className="sm:max-w-2xl">
          <Body event={event} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function Body({ event }: { event: EventWithCounts }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [qrFor, setQrFor] = useState<GuestTarget | null>(null);
  const guests = useGuestList(event.id, { q: q || undefined, page }, { retry: false });
  const data = guests.data;

  return (
    <div className="grid grid-cols-1 gap-4">
      {event.counts ? <CapacitySummary event={{ max_attendees: event.max_attendees, counts: event.counts }} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <GuestSearch
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
          label={`Search the guests of ${event.title}`}
        />
        <CsvLink eventId={event.id} filter={{ q: q || undefined }} label={q ? 'Export matches (CSV)' : 'Export CSV'} />
      </div>
      {guests.isError && !data ? (
        <ListError error={guests.error} retry={() => guests.refetch()} retrying={guests.isFetching} />
      ) : !data ? (
        <ListSkeleton rows={4} />
      ) : data.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink/20 p-6 text-center text-sm text-ink/70">
          {q ? `No guests found matching “${q}”.` : "No RSVPs yet. Share the event's page: every answer shows up here."}
        </p>
      ) : (
        <GuestRows data={data} onQr={setQrFor} busy={guests.isPlaceholderData} />
      )}
      {data ? <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} /> : null}
      <div className="flex justify-end border-t border-ink/10 pt-4">
        <Link to={`/auth/admin?tab=guest-list&event=${encodeURIComponent(event.id)}`} className={buttonVariants({ variant: 'link' })}>
          Open in the Guest List tab
        </Link>
      </div>
      <QrDialog eventId={event.id} target={qrFor} onClose={() => setQrFor(null)} />
    </div>
  );
}

function GuestRows({ data, onQr, busy }: { data: TGuestList; onQr: (t: GuestTarget) => void; busy: boolean }) {
  return (
    <div aria-busy={busy || undefined} className={busy ? 'opacity-60' : undefined}>
      <p className="mb-2 text-sm text-ink/70" aria-live="polite">
        {plural(data.total, 'RSVP')}
      </p>
      <ul className="divide-y divide-ink/10 rounded-xl border border-ink/10">
        {data.rows.map((r) => (
          <li key={r.id} className="flex items-center gap-3 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">
                {r.name}
                {r.guest_count > 1 ? <span className="font-normal text-ink/70"> +{r.guest_count - 1}</span> : null}
              </p>
              <p className="truncate text-xs text-ink/70">{[r.email, r.phone].filter(Boolean).join(' · ') || '-'}</p>
            </div>
            <div className="hidden text-right text-xs text-ink/70 sm:block">Checked in: {checkedInCell(r.status, r.checked_in_at)}</div>
            <StatusBadge status={r.status} />
            {rowActions(r).qr ? (
              <Button
                variant="outline"
                size="icon"
                onClick={() => onQr({ rsvpId: r.id, name: r.name })}
                aria-label={`QR Code of ${r.name}`}
              >
                <QrCode aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { RowSelectionState, Updater } from '@tanstack/react-table';
import { CalendarPlus, MessageSquare, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { GuestSort, TGuestRow } from '../../../common/schemas/guests.ts';
import { EventsLoadFailed } from '../../components/events-load-failed.tsx';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useEvents } from '../../lib/queries/get-events.ts';
import { useGuestList } from './api/get-guests.ts';
import type { GuestListParams } from '../../lib/queries/guest-keys.ts';
import { BulkTickets } from './bulk-tickets.tsx';
import { CapacitySummary } from './capacity-summary.tsx';
import type { EventWithCounts } from './event-guests-dialog.tsx';
import { CsvLink } from './csv-link.tsx';
import { ImportGuests } from './import-guests.tsx';
import { EventPicker } from '../../components/event-picker.tsx';
import type { GuestTarget } from './guest-dialog-parts.tsx';
import { GuestCards } from './guest-cards.tsx';
import { GuestFilters, GuestSearch } from './guest-filters.tsx';
import { GuestTable } from './guest-table.tsx';
import { filterOf, useGuestListParams } from './list-params.ts';
import { useQuestions } from '../../lib/queries/event-questions.ts';
import { ListError, ListSkeleton } from './list-states.tsx';
import { Pager } from './pager.tsx';
import { QrDialog } from './qr-dialog.tsx';
import { RsvpDetailDialog } from './rsvp-detail-dialog.tsx';
import { plural } from './format.ts';

/**
 * The Guest List tab (docs/product.md#guest-list): pick an event (kept in the URL), its headcount against
 * its capacity and its answers per status, then its answers 40 a page, filtered, sorted and searched by the server, with the QR and RSVP detail dialogs and the bulk
 * ticket e-mail.
 */
export function GuestList() {
  const events = useEvents();
  const { eventId, params, update } = useGuestListParams();
  const list = events.data ?? [];
  const event = list.find((e) => e.id === eventId);

  // No event chosen (or one that is gone): the first of the list, written to the URL.
  useEffect(() => {
    if (events.isSuccess && list.length > 0 && !event) update({ event: list[0]!.id });
  }, [events.isSuccess, list, event, update]);

  if (events.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-11 w-80 max-w-full" />
        <ListSkeleton />
      </div>
    );
  }
  if (events.isError) return <EventsLoadFailed error={events.error} onRetry={() => events.refetch()} />;
  if (list.length === 0) {
    return (
      <Card className="mx-auto max-w-xl p-8 text-center">
        <CalendarPlus className="mx-auto mb-3 size-8 text-accent" aria-hidden="true" />
        <h2 className="font-display text-2xl font-semibold">No events yet</h2>
        <p className="mt-2 text-ink/70">Guests appear here once an event is published and people answer.</p>
        <Link to="/auth/admin" className={buttonVariants({ className: 'mt-5' })}>
          Create an event
        </Link>
      </Card>
    );
  }
  if (!event) return <ListSkeleton />;

  return (
    <section aria-labelledby="guest-list-heading" className="grid grid-cols-1 gap-4">
      <h2 id="guest-list-heading" className="sr-only">
        Guest List
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <EventPicker events={list} value={event.id} onChange={(id) => update({ event: id })} />
        <div className="flex flex-wrap gap-2">
          <ImportGuests eventId={event.id} />
          <CsvLink eventId={event.id} filter={filterOf(params)} />
        </div>
      </div>
      <EventGuests key={event.id} event={event} params={params} update={update} />
    </section>
  );
}

function EventGuests({
  event,
  params,
  update,
}: {
  event: EventWithCounts;
  params: GuestListParams;
  update: (change: Partial<GuestListParams>) => void;
}) {
  const eventId = event.id;
  const paid = event.is_paid_event;
  const questions = useQuestions(eventId).data;
  const guests = useGuestList(eventId, params, { retry: false });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [qrFor, setQrFor] = useState<GuestTarget | null>(null);
  const [detailFor, setDetailFor] = useState<GuestTarget | null>(null);
  const selectedIds = useMemo(() => Object.keys(selection).filter((id) => selection[id]), [selection]);

  const onSelectionChange = useCallback((u: Updater<RowSelectionState>) => setSelection((s) => (typeof u === 'function' ? u(s) : u)), []);
  const onSort = useCallback(
    (sort: GuestSort) => update({ sort, dir: params.sort === sort && (params.dir ?? 'asc') === 'asc' ? 'desc' : 'asc' }),
    [update, params.sort, params.dir],
  );
  const onOpen = useCallback((r: TGuestRow) => setDetailFor({ rsvpId: r.id, name: r.name }), []);
  const onQr = useCallback((r: TGuestRow) => setQrFor({ rsvpId: r.id, name: r.name }), []);
  const onSearch = useCallback((q: string) => update({ q: q || undefined }), [update]);
  const filtered = Boolean(params.q || params.status || params.checked_in || params.payment || params.answer);
  const data = guests.data;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-3 lg:flex lg:items-end">
        <GuestSearch value={params.q ?? ''} onChange={onSearch} />
        <GuestFilters params={params} update={update} paid={paid} questions={questions} />
      </div>
      {event.counts ? <CapacitySummary event={{ max_attendees: event.max_attendees, counts: event.counts }} /> : null}
      {data ? (
        <p className="text-base font-semibold" aria-live="polite">
          {plural(data.total, 'RSVP')}
          {filtered ? <span className="font-normal text-ink/70"> match the search and filters</span> : null}
          {data.totals.waitlist > 0 ? <span className="font-normal text-ink/70"> · {data.totals.waitlist} on the waitlist</span> : null}
        </p>
      ) : null}
      <BulkTickets
        eventId={eventId}
        selectedIds={selectedIds}
        onClear={() => setSelection({})}
        filter={filterOf(params)}
        attending={params.status === undefined || params.status === 'confirmed' ? (data?.totals.confirmed ?? 0) : 0}
      />
      {selectedIds.length > 0 ? (
        <Link
          to={`/auth/admin?tab=messaging&event=${encodeURIComponent(eventId)}&ids=${selectedIds.join(',')}`}
          className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}
        >
          <MessageSquare aria-hidden="true" />
          Text selected ({selectedIds.length})
        </Link>
      ) : null}
      {guests.isError && !data ? (
        <ListError error={guests.error} retry={() => guests.refetch()} retrying={guests.isFetching} />
      ) : !data ? (
        <ListSkeleton />
      ) : data.rows.length === 0 ? (
        <Card className="p-8 text-center">
          <Users className="mx-auto mb-3 size-8 text-accent" aria-hidden="true" />
          {data.total > 0 ? (
            <>
              <h3 className="font-semibold">Nothing on page {data.page}</h3>
              <p className="mt-1 text-sm text-ink/70">The list is shorter than that now.</p>
              <Button variant="outline" className="mt-4" onClick={() => update({ page: 1 })}>
                Go to the first page
              </Button>
            </>
          ) : filtered ? (
            <>
              <h3 className="font-semibold">No guests found matching</h3>
              <p className="mt-1 text-sm text-ink/70">Try another spelling, or clear the search and filters.</p>
              <Button
                variant="outline"
                className="mt-4"
                onClick={() => update({ q: undefined, status: undefined, checked_in: undefined, payment: undefined, answer: undefined })}
              >
                Clear search and filters
              </Button>
            </>
          ) : (
            <>
              <h3 className="font-semibold">No RSVPs yet</h3>
              <p className="mt-1 text-sm text-ink/70">Share the event's page: every answer shows up here.</p>
            </>
          )}
        </Card>
      ) : (
        <>
          {guests.isError ? <ListError error={guests.error} retry={() => guests.refetch()} retrying={guests.isFetching} /> : null}
          <div className="hidden md:block">
            <GuestTable
              eventId={eventId}
              rows={data.rows}
              selection={selection}
              onSelectionChange={onSelectionChange}
              params={params}
              onSort={onSort}
              onOpen={onOpen}
              onQr={onQr}
              busy={guests.isPlaceholderData}
              paid={paid}
              questions={questions}
            />
          </div>
          <div className="md:hidden">
            <GuestCards
              rows={data.rows}
              selection={selection}
              onSelectionChange={onSelectionChange}
              onOpen={onOpen}
              onQr={onQr}
              busy={guests.isPlaceholderData}
              paid={paid}
              questions={questions}
            />
          </div>
          <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={(page) => update({ page })} />
        </>
      )}
      <QrDialog eventId={eventId} target={qrFor} onClose={() => setQrFor(null)} />
      <RsvpDetailDialog
        eventId={eventId}
        target={detailFor}
        canRefund={event.role === 'owner'}
        onClose={() => setDetailFor(null)}
        onDeleted={(id) => setSelection(({ [id]: _gone, ...rest }) => rest)}
      />
    </div>
  );
}

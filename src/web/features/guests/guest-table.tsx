import { TicketsLine } from './tickets-line.tsx';
import {
  createColumnHelper,
  type RowSelectionState,
  rowSelectionFeature,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, QrCode } from 'lucide-react';
import { useMemo } from 'react';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import type { GuestSort, TGuestRow } from '../../../common/schemas/guests.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import type { GuestListParams } from '../../lib/queries/guest-keys.ts';
import { PaymentCell } from './payment-cell.tsx';
import { checkedInCell, rowActions, rowStatusLabel, showTypeColumn, TYPE_LABEL } from './status.ts';
import { SmsButton, SmsStatus } from './sms-button.tsx';

const features = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof features, TGuestRow>();

export type GuestTableProps = {
  eventId: string;
  rows: TGuestRow[];
  selection: RowSelectionState;
  onSelectionChange: (updater: Updater<RowSelectionState>) => void;
  params: GuestListParams;
  onSort: (sort: GuestSort) => void;
  onOpen: (row: TGuestRow) => void;
  onQr: (row: TGuestRow) => void;
  busy?: boolean;
  /** A paid event: a Payment column (status, amount, Stripe payment id). */
  paid?: boolean;
  /** The event's questions: a column each, showing the guest's answer. */
  questions?: readonly TQuestion[];
};

/** A guest's answer in its column: two lines at most (the whole text on hover and in the detail dialog). */
function AnswerCell({ text }: { text: string | undefined }) {
  if (!text) return <span className="text-ink/50">-</span>;
  return (
    <span className="line-clamp-2 max-w-48 break-words" title={text}>
      {text}
    </span>
  );
}

function SortHeader({
  label,
  column,
  params,
  onSort,
}: {
  label: string;
  column: GuestSort;
  params: GuestListParams;
  onSort: (s: GuestSort) => void;
}) {
  const active = params.sort === column;
  const Icon = !active ? ArrowUpDown : (params.dir ?? 'asc') === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className="-mx-2 inline-flex min-h-9 items-center gap-1 rounded-md px-2 font-semibold hover:bg-ink/5 focus-visible:outline-2 focus-visible:outline-accent"
    >
      {label}
      <Icon className={cn('size-3.5', active ? 'text-ink' : 'text-ink/40')} aria-hidden="true" />
    </button>
  );
}

function ariaSort(params: GuestListParams, column: GuestSort) {
  if (params.sort !== column) return undefined;
  return (params.dir ?? 'asc') === 'asc' ? 'ascending' : 'descending';
}

/**
 * The Guest List table (docs/product.md#guest-list): select, Name, Phone, Pin, RSVP (Going / Maybe / Can't go),
 * Type (only when the rows differ in it), Payment (paid events: status, amount, Stripe payment id), Checked In
 * (Yes / No / -), and per row a QR Code and an SMS button where they apply (status.ts rowActions) with the last
 * SMS's status. The server pages, sorts and filters; the table holds the selection (by RSVP id, so it survives paging).
 */
export function GuestTable({
  eventId,
  rows,
  selection,
  onSelectionChange,
  params,
  onSort,
  onOpen,
  onQr,
  busy,
  paid,
  questions = [],
}: GuestTableProps) {
  const typed = showTypeColumn(rows);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'select',
          header: ({ table }) => (
            <input
              type="checkbox"
              className="size-4 accent-ink"
              aria-label="Select every guest on this page"
              checked={table.getIsAllPageRowsSelected()}
              ref={(el) => {
                if (el) el.indeterminate = !table.getIsAllPageRowsSelected() && table.getIsSomePageRowsSelected();
              }}
              onChange={table.getToggleAllPageRowsSelectedHandler()}
            />
          ),
          cell: ({ row }) => (
            <input
              type="checkbox"
              className="size-4 accent-ink"
              aria-label={`Select ${row.original.name}`}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ),
        }),
        helper.accessor('name', {
          header: () => <SortHeader label="Name" column="name" params={params} onSort={onSort} />,
          cell: ({ row }) => (
            <div>
              <button
                type="button"
                onClick={() => onOpen(row.original)}
                className="text-left font-medium text-accent-ink underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span className="sr-only">Details of </span>
                {row.original.name}
              </button>
              {row.original.guest_count > 1 ? <span className="text-ink/70"> +{row.original.guest_count - 1}</span> : null}
              {row.original.email ? <span className="block text-xs text-ink/70">{row.original.email}</span> : null}
              <TicketsLine row={row.original} className="text-xs text-ink/75" />
            </div>
          ),
        }),
        helper.accessor('phone', { header: 'Phone', cell: ({ getValue }) => getValue() ?? '-' }),
        helper.accessor('pin', {
          header: 'Pin',
          cell: ({ getValue }) => <span className="font-mono tabular-nums">{getValue() ?? '-'}</span>,
        }),
        helper.accessor('status', {
          header: () => <SortHeader label="RSVP" column="status" params={params} onSort={onSort} />,
          cell: ({ getValue, row }) => {
            const s = getValue();
            return (
              <span
                className={cn(s === 'confirmed' && 'text-green-800', s === 'declined' && 'text-danger', s === 'maybe' && 'text-ink/70')}
              >
                {rowStatusLabel(row.original)}
              </span>
            );
          },
        }),
        ...(typed ? [helper.accessor('type', { header: 'Type', cell: ({ getValue }) => TYPE_LABEL[getValue()] ?? getValue() })] : []),
        ...(paid
          ? [helper.accessor('payment_status', { header: 'Payment', cell: ({ row }) => <PaymentCell guest={row.original} /> })]
          : []),
        // One column per question of the form (docs/product.md#custom-questions).
        ...questions.map((q) =>
          helper.display({
            id: `q-${q.id}`,
            header: () => <span className="line-clamp-2 min-w-24">{q.label}</span>,
            cell: ({ row }) => <AnswerCell text={row.original.answers[q.id]} />,
          }),
        ),
        helper.accessor('checked_in_at', {
          header: 'Checked In',
          cell: ({ row }) => checkedInCell(row.original.status, row.original.checked_in_at),
        }),
        helper.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => {
            const can = rowActions(row.original);
            return (
              <div className="grid gap-1">
                {can.qr || can.sms ? (
                  <div className="flex gap-2">
                    {can.qr ? (
                      <Button variant="outline" size="sm" onClick={() => onQr(row.original)} aria-label={`QR Code of ${row.original.name}`}>
                        <QrCode aria-hidden="true" />
                        QR Code
                      </Button>
                    ) : null}
                    {can.sms ? <SmsButton eventId={eventId} guest={row.original} /> : null}
                  </div>
                ) : null}
                <SmsStatus sms={row.original.sms} />
              </div>
            );
          },
        }),
      ]),
    [params, onSort, onOpen, onQr, paid, eventId, typed, questions],
  );

  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => row.id,
    state: { rowSelection: selection },
    onRowSelectionChange: onSelectionChange,
  });

  return (
    <div className="overflow-x-auto rounded-xl border border-ink/10 bg-white">
      <table className={cn('w-full min-w-[44rem] text-left text-sm', busy && 'opacity-60')} aria-busy={busy || undefined}>
        <thead className="border-b border-ink/10 bg-paper-soft text-xs tracking-wide text-ink/80 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cn('px-3 py-2 font-semibold', header.column.id === 'select' && 'w-10')}
                  aria-sort={
                    header.column.id === 'name'
                      ? ariaSort(params, 'name')
                      : header.column.id === 'status'
                        ? ariaSort(params, 'status')
                        : undefined
                  }
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-ink/10">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={cn(row.getIsSelected() && 'bg-violet-50')}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 align-middle">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

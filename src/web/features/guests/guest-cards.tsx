import { TicketsLine } from './tickets-line.tsx';
import type { RowSelectionState, Updater } from '@tanstack/react-table';
import { QrCode } from 'lucide-react';
import type { TQuestion } from '../../../common/schemas/questions.responses.ts';
import type { TGuestRow } from '../../../common/schemas/guests.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { PaymentCell } from './payment-cell.tsx';
import { checkedInCell, rowActions, rowStatusLabel, showTypeColumn, TYPE_LABEL } from './status.ts';
import { SmsStatus } from './sms-button.tsx';

/** The guest list on a phone: one card per guest with the table's columns, the last SMS's status, select and, where it applies, QR Code (its dialog sends SMS). */
export function GuestCards({
  rows,
  selection,
  onSelectionChange,
  onOpen,
  onQr,
  busy,
  paid,
  questions = [],
}: {
  rows: TGuestRow[];
  selection: RowSelectionState;
  onSelectionChange: (updater: Updater<RowSelectionState>) => void;
  onOpen: (row: TGuestRow) => void;
  onQr: (row: TGuestRow) => void;
  busy?: boolean;
  /** A paid event: each card shows the payment. */
  paid?: boolean;
  /** The event's questions: each card shows the guest's answers, as the table's columns do. */
  questions?: readonly TQuestion[];
}) {
  const typed = showTypeColumn(rows);
  const allSelected = rows.length > 0 && rows.every((r) => selection[r.id]);
  const toggleAll = () =>
    onSelectionChange((prev) => {
      const next = { ...prev };
      for (const r of rows) {
        if (allSelected) delete next[r.id];
        else next[r.id] = true;
      }
      return next;
    });
  const toggle = (id: string) =>
    onSelectionChange((prev) => {
      const next = { ...prev };
      if (next[id]) delete next[id];
      else next[id] = true;
      return next;
    });

  return (
    <div className={cn('grid gap-2', busy && 'opacity-60')} aria-busy={busy || undefined}>
      <label className="flex min-h-11 items-center gap-3 px-1 text-sm">
        <input type="checkbox" className="size-5 accent-ink" checked={allSelected} onChange={toggleAll} />
        Select every guest on this page
      </label>
      <ul className="grid grid-cols-1 gap-2">
        {rows.map((r) => (
          <li key={r.id} className={cn('rounded-xl border border-ink/10 bg-white p-3', selection[r.id] && 'border-accent bg-violet-50')}>
            <div className="flex items-start gap-3">
              <label className="tap-target mt-1 flex shrink-0">
                <input
                  type="checkbox"
                  className="size-5 accent-ink"
                  aria-label={`Select ${r.name}`}
                  checked={!!selection[r.id]}
                  onChange={() => toggle(r.id)}
                />
              </label>
              <div className="min-w-0 flex-1">
                <p className="break-words">
                  <button
                    type="button"
                    onClick={() => onOpen(r)}
                    className="tap-target text-left font-medium text-accent-ink underline-offset-4 hover:underline"
                  >
                    <span className="sr-only">Details of </span>
                    {r.name}
                  </button>
                  {r.guest_count > 1 ? <span className="text-ink/70"> +{r.guest_count - 1}</span> : null}
                </p>
                {r.email ? <p className="truncate text-xs text-ink/70">{r.email}</p> : null}
                <TicketsLine row={r} className="text-xs text-ink/75" />
                <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-1 text-xs">
                  <div>
                    <dt className="text-ink/75">RSVP</dt>
                    <dd className="font-medium">{rowStatusLabel(r)}</dd>
                  </div>
                  <div>
                    <dt className="text-ink/75">Checked In</dt>
                    <dd className="font-medium">{checkedInCell(r.status, r.checked_in_at)}</dd>
                  </div>
                  <div>
                    <dt className="text-ink/75">Pin</dt>
                    <dd className="font-mono font-medium">{r.pin ?? '-'}</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="text-ink/75">Phone</dt>
                    <dd>
                      {r.phone ?? '-'}
                      <SmsStatus sms={r.sms} />
                    </dd>
                  </div>
                  {typed ? (
                    <div>
                      <dt className="text-ink/75">Type</dt>
                      <dd>{TYPE_LABEL[r.type] ?? r.type}</dd>
                    </div>
                  ) : null}
                  {questions
                    .filter((q) => r.answers[q.id])
                    .map((q) => (
                      <div key={q.id} className="col-span-3">
                        <dt className="text-ink/75">{q.label}</dt>
                        <dd className="line-clamp-2 break-words">{r.answers[q.id]}</dd>
                      </div>
                    ))}
                  {paid ? (
                    <div className="col-span-3">
                      <dt className="text-ink/75">Payment</dt>
                      <dd>
                        <PaymentCell guest={r} />
                      </dd>
                    </div>
                  ) : null}
                </dl>
              </div>
              {rowActions(r).qr ? (
                <Button variant="outline" size="icon" className="shrink-0" onClick={() => onQr(r)} aria-label={`QR Code of ${r.name}`}>
                  <QrCode aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

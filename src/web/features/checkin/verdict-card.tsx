import { CircleAlert, CircleCheck, CircleX, CloudOff, Minus, Plus, Undo2 } from 'lucide-react';
import { clsx } from 'clsx';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import { type VerdictTone, viewVerdict } from './verdict.ts';

const TONES: Record<VerdictTone, { box: string; Icon: typeof CircleCheck }> = {
  ok: { box: 'border-green-400 bg-green-950 text-green-50', Icon: CircleCheck },
  warn: { box: 'border-amber-300 bg-amber-950 text-amber-50', Icon: CircleAlert },
  bad: { box: 'border-red-400 bg-red-950 text-red-50', Icon: CircleX },
};

type Props = {
  verdict: TCheckinVerdict;
  selectedEventId: string;
  /** Admit one more (party) / take one back; undefined hides the stepper. */
  onStep?: (delta: 1 | -1) => void;
  /** Take back the last admission of this scan. */
  onUndo?: () => void;
  busy?: boolean;
  /** Judged on this device's copy of the guest list, with no network (docs/product.md#offline-door). */
  offline?: boolean;
};

/**
 * The verdict of a scan, made to read at arm's length (docs/product.md#check-in): a big icon, a word and
 * a colour that agree, then the guest and the detail. For a party, a stepper admits one more or takes one
 * back ("3 of 5 in"), and Undo takes back what this scan admitted.
 */
export function VerdictCard({ verdict, selectedEventId, onStep, onUndo, busy = false, offline = false }: Props) {
  const view = viewVerdict(verdict, selectedEventId);
  const { box, Icon } = TONES[view.tone];
  const g = verdict.guest;
  // A scanned order ticket admits what it admits, whole (docs/product.md#ticket-types): no party stepper.
  const party =
    g &&
    !g.ticket &&
    g.guest_count > 1 &&
    onStep &&
    (verdict.ok || verdict.reason === 'already_checked_in' || verdict.reason === 'too_many');
  return (
    <div
      className={clsx('grid gap-3 rounded-2xl border-4 p-5 shadow-2xl', box)}
      data-verdict={view.tone}
      data-offline={offline || undefined}
    >
      {offline ? (
        <p className="flex items-center gap-2 text-base font-bold tracking-wide uppercase">
          <CloudOff className="size-5" aria-hidden="true" />
          Offline · checked on this device
        </p>
      ) : null}
      <div className="flex items-center gap-4">
        <Icon className="size-16 shrink-0" strokeWidth={2.5} aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-3xl leading-tight font-bold text-balance">{view.word}</p>
          <p className="mt-1 text-lg leading-snug text-pretty">{view.detail}</p>
        </div>
      </div>
      {party || (onUndo && verdict.ok && verdict.admitted > 0) ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-current/30 pt-3">
          {party ? (
            <fieldset className="flex items-center gap-2">
              <legend className="sr-only">Guests of {g.name} in</legend>
              <button
                type="button"
                className="grid size-12 cursor-pointer place-items-center rounded-xl bg-white/15 hover:bg-white/25 disabled:opacity-40"
                onClick={() => onStep(-1)}
                disabled={busy || g.checked_in_count <= 0}
                aria-label="Admit one fewer"
              >
                <Minus aria-hidden="true" />
              </button>
              <span className="min-w-24 text-center text-lg font-semibold tabular-nums">
                {g.checked_in_count} of {g.guest_count} in
              </span>
              <button
                type="button"
                className="grid size-12 cursor-pointer place-items-center rounded-xl bg-white/15 hover:bg-white/25 disabled:opacity-40"
                onClick={() => onStep(1)}
                disabled={busy || g.checked_in_count >= g.guest_count}
                aria-label="Admit one more"
              >
                <Plus aria-hidden="true" />
              </button>
            </fieldset>
          ) : null}
          {onUndo && verdict.ok && verdict.admitted > 0 ? (
            <button
              type="button"
              className="ml-auto inline-flex h-12 cursor-pointer items-center gap-2 rounded-xl bg-white/15 px-4 font-semibold hover:bg-white/25 disabled:opacity-40"
              onClick={onUndo}
              disabled={busy}
            >
              <Undo2 className="size-5" aria-hidden="true" />
              Undo
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import { clsx } from 'clsx';
import { CloudOff, RefreshCw, Wifi } from 'lucide-react';
import { clockTime } from '../verdict.ts';
import type { DoorState } from './door-store.ts';
import { connectionWord, freshnessLine } from './freshness.ts';
import { useNow } from './use-now.ts';

const TONE = {
  ok: { box: 'border-green-400/70 bg-green-950/60 text-green-50', Icon: Wifi },
  off: { box: 'border-amber-300 bg-amber-950 text-amber-50', Icon: CloudOff },
  sync: { box: 'border-sky-300 bg-sky-950 text-sky-50', Icon: RefreshCw },
} as const;

/**
 * The door's connection, big enough to read at arm's length in the dark (docs/product.md#offline-door):
 * Online / Offline / Syncing with the scans still to send, how fresh the device's guest list is, and the
 * guests two devices let in (both devices show them).
 */
export function ConnectionBar({
  state,
  counts,
  onDismiss,
}: {
  state: DoorState;
  counts: { guests: { total: number } } | null;
  onDismiss: () => void;
}) {
  const now = useNow();
  const prepared = state.status === 'ready';
  if (!prepared && state.online && !state.error) return null;
  const view = connectionWord({ online: state.online, syncing: state.busy === 'syncing', queued: state.queued });
  const { box, Icon } = TONE[view.tone];
  return (
    <section aria-label="Connection" className="grid gap-2">
      <div
        role="status"
        aria-live="polite"
        data-connection={view.tone}
        className={clsx('flex items-center gap-3 rounded-2xl border-4 px-4 py-3', box)}
      >
        <Icon
          className={clsx('size-10 shrink-0', view.tone === 'sync' && 'motion-safe:animate-spin')}
          strokeWidth={2.5}
          aria-hidden="true"
        />
        <div className="min-w-0">
          <p className="text-3xl leading-tight font-bold">
            {view.word}
            {state.queued ? <span className="tabular-nums"> · {state.queued} queued</span> : null}
          </p>
          <p className="text-lg leading-snug">
            {prepared ? view.detail : 'This device is not prepared for offline: scans need the network.'}
          </p>
        </div>
      </div>
      {prepared && state.preparedAt ? (
        <p className="text-base text-white/80" data-testid="offline-freshness">
          {freshnessLine(state.preparedAt, counts?.guests.total ?? state.guests, now)}
        </p>
      ) : null}
      {state.error ? (
        <p role="alert" className="rounded-xl border border-amber-300/60 p-3 text-amber-100">
          {state.error}
        </p>
      ) : null}
      <Conflicts state={state} onDismiss={onDismiss} />
    </section>
  );
}

/** "Ada Guest · Also admitted on Door 2 at 21:04": a guest this device let in whom another device let in too. */
export function Conflicts({ state, onDismiss }: { state: DoorState; onDismiss: () => void }) {
  if (state.conflicts.length === 0) return null;
  return (
    <div role="alert" className="grid gap-2 rounded-2xl border-4 border-red-400 bg-red-950 p-4 text-red-50" data-testid="offline-conflicts">
      <p className="text-2xl font-bold">Let in on two devices</p>
      <ul className="grid gap-1 text-lg">
        {state.conflicts.map((c) => (
          <li key={`${c.nonce}-${c.other_at}`}>
            <span className="font-semibold">{c.name}</span> · Also admitted on {c.other_device ?? 'another device'} at{' '}
            {clockTime(c.other_at)}
          </li>
        ))}
      </ul>
      <p className="text-base text-red-100/90">Counted once. Check with the other door if someone came in twice.</p>
      <button
        type="button"
        className="min-h-12 cursor-pointer justify-self-start rounded-xl bg-white/15 px-4 text-lg font-semibold hover:bg-white/25"
        onClick={onDismiss}
      >
        Got it
      </button>
    </div>
  );
}

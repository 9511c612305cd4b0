import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { checkinHref } from '../../../common/hrefs.ts';
import { useCheckinEvents } from '../../features/checkin/api/checkin.ts';
import { CheckinShell, LiveBadge } from '../../features/checkin/checkin-shell.tsx';
import { CheckinEventGate } from '../../features/checkin/event-gate.tsx';
import { DeviceLabel } from '../../features/checkin/device-label.tsx';
import { readDeviceLabel } from '../../features/checkin/device.ts';
import { unlockAudio } from '../../features/checkin/feedback.ts';
import { ManualEntry } from '../../features/checkin/manual-entry.tsx';
import { QrCamera } from '../../features/checkin/qr-camera.tsx';
import { useLiveStats } from '../../features/checkin/use-live-stats.ts';
import { type ScanState, useScanSession } from '../../features/checkin/use-scan-session.ts';
import { useWedgeScanner } from '../../features/checkin/use-wedge-scanner.ts';
import { VerdictCard } from '../../features/checkin/verdict-card.tsx';
import { ConnectionBar } from '../../features/checkin/offline/connection-bar.tsx';
import { useOfflineDoor } from '../../features/checkin/offline/use-offline-door.ts';
import { viewVerdict } from '../../features/checkin/verdict.ts';

/**
 * /checkin/scan?event=…: the camera scanner (docs/product.md#check-in). Every scan admits at once and
 * shows its verdict over the viewfinder; the next guest needs no tap. Without an event: /checkin.
 */
export function Component() {
  return <CheckinEventGate>{(eventId) => <Scanner eventId={eventId} />}</CheckinEventGate>;
}

function Scanner({ eventId }: { eventId: string }) {
  const events = useCheckinEvents();
  const event = events.data?.find((e) => e.id === eventId);
  const [device, setDevice] = useState(readDeviceLabel);
  const offline = useOfflineDoor(eventId);
  const { state, busy, submit, step, undoLast, cardRef } = useScanSession(eventId, device, offline.door);
  const { stats, live } = useLiveStats(eventId);
  const local = offline.state.status === 'ready' ? offline.door.counts() : null;
  useWedgeScanner((code) => void submit(code));
  // Browsers play sound only after a gesture: the first tap or key anywhere lets the verdicts beep.
  useEffect(() => {
    window.addEventListener('pointerdown', unlockAudio, { once: true });
    window.addEventListener('keydown', unlockAudio, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlockAudio);
      window.removeEventListener('keydown', unlockAudio);
    };
  }, []);

  const title = event?.title ?? offline.state.title ?? 'Scan tickets';
  // With no network the device's own list counts (docs/product.md#offline-door).
  const guests = offline.state.online || !local ? (stats.data?.guests ?? local?.guests) : local.guests;

  return (
    <CheckinShell
      title={`Scan · ${title}`}
      back={{ to: checkinHref('index', eventId), label: 'Cancel' }}
      aside={offline.state.online ? <LiveBadge state={live} /> : null}
      heading={
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h1 className="min-w-0 text-xl font-bold text-balance">{title}</h1>
          {guests ? (
            <p className="text-base text-white/80 tabular-nums">
              <span className="font-bold text-white">{guests.checked_in}</span> of {guests.total} guests in
            </p>
          ) : null}
        </div>
      }
    >
      <ConnectionBar state={offline.state} counts={local} onDismiss={() => void offline.door.dismissConflicts()} />
      {events.isSuccess && !event ? (
        <p role="alert" className="rounded-xl border border-amber-300/60 p-3 text-amber-100">
          You are not on this event’s check-in team, so scans here will be refused.
        </p>
      ) : null}
      <div className="relative">
        <QrCamera onCode={(code) => void submit(code)} />
        <Overlay state={state} eventId={eventId} busy={busy} step={step} undoLast={undoLast} cardRef={cardRef} />
      </div>
      <Announcer state={state} eventId={eventId} />
      <ManualEntry onCode={(code) => void submit(code)} disabled={state.kind === 'checking'} />
      <DeviceLabel value={device} onChange={setDevice} />
    </CheckinShell>
  );
}

type OverlayProps = {
  state: ScanState;
  eventId: string;
  busy: boolean;
  step: (d: 1 | -1) => void;
  undoLast: () => void;
  cardRef: React.RefObject<HTMLDivElement | null>;
};

function Overlay({ state, eventId, busy, step, undoLast, cardRef }: OverlayProps) {
  if (state.kind === 'idle') return null;
  return (
    <div ref={cardRef} className="absolute inset-0 grid content-center bg-black/60 p-2">
      {state.kind === 'checking' ? (
        <p className="flex items-center justify-center gap-3 text-2xl font-bold">
          <Loader2 className="size-8 animate-spin" aria-hidden="true" />
          Checking…
        </p>
      ) : state.kind === 'error' ? (
        <div className="grid gap-2 rounded-2xl border-4 border-red-400 bg-red-950 p-5 text-red-50" data-verdict="error">
          <p className="text-3xl font-bold">Not checked</p>
          <p className="text-lg">{state.message}</p>
        </div>
      ) : (
        <VerdictCard
          verdict={state.verdict}
          selectedEventId={eventId}
          onStep={step}
          onUndo={undoLast}
          busy={busy}
          offline={state.offline}
        />
      )}
    </div>
  );
}

/** Says each verdict to a screen reader at once (the card itself may be covered by the staff's thumb). */
function Announcer({ state, eventId }: { state: ScanState; eventId: string }) {
  let text = '';
  if (state.kind === 'verdict') {
    const v = viewVerdict(state.verdict, eventId);
    text = `${state.offline ? 'Offline. ' : ''}${v.word}. ${v.detail}`;
  } else if (state.kind === 'error') text = `Not checked. ${state.message}`;
  return (
    <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only">
      {text}
    </div>
  );
}

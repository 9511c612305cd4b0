import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import { ApiError } from '../../lib/api.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { redeem, undo } from './api/checkin.ts';
import { checkinKeys } from './api/keys.ts';
import { scanMeta } from './device.ts';
import { signal } from './feedback.ts';
import type { OfflineDoor } from './offline/door-store.ts';
import { viewVerdict } from './verdict.ts';

/** The camera sees one ticket many times a second: the same code again within this is the same scan. */
export const REPEAT_MS = 3_000;
/** How long a verdict stays before the scanner shows the bare viewfinder again (the next scan replaces it sooner). */
export const VERDICT_MS = 2_500;

export type ScanState =
  | { kind: 'idle' }
  | { kind: 'checking'; code: string }
  | { kind: 'verdict'; verdict: TCheckinVerdict; at: number; offline: boolean }
  | { kind: 'error'; message: string; at: number };

type Judged = { verdict: TCheckinVerdict; offline: boolean };

/** How long a prepared device waits for the server's verdict before it judges on its own list. */
export const ONLINE_WAIT_MS = 5_000;

/**
 * An answer that says nothing about the scan: none at all, none in time, or a proxy's 502/503/504 while the
 * server is unreachable. A prepared device judges such a scan itself.
 */
export const noAnswer = (err: unknown) =>
  (err instanceof ApiError && (err.code === 'network' || [502, 503, 504].includes(err.status))) || (err as Error).name === 'TimeoutError';

/**
 * Online when the network answers; on this device's copy of the guest list (docs/product.md#offline-door)
 * when the device is offline or the request never got an answer, if the device is prepared for the event.
 * Both use the same scan (its nonce): if the server did get the request, the sync finds it already recorded.
 */
async function judge(
  door: OfflineDoor | null,
  online: (signal?: AbortSignal) => Promise<TCheckinVerdict>,
  offline: () => Promise<TCheckinVerdict>,
  note: (v: TCheckinVerdict) => void,
): Promise<Judged> {
  const prepared = door?.getState().status === 'ready';
  // Known to be offline (the browser says so, or the last request got no answer): no waiting for a timeout.
  if (prepared && (!navigator.onLine || !door?.getState().online)) return { verdict: await offline(), offline: true };
  try {
    // A prepared device does not wait long on a network that takes requests and never answers (a venue's
    // Wi-Fi without uplink): after ONLINE_WAIT_MS it judges on its own list.
    const verdict = await online(prepared ? AbortSignal.timeout(ONLINE_WAIT_MS) : undefined);
    note(verdict);
    return { verdict, offline: false };
  } catch (err) {
    if (prepared && noAnswer(err)) {
      door?.setOnline(false);
      return { verdict: await offline(), offline: true };
    }
    throw err;
  }
}

/**
 * One door's scanning (docs/product.md#check-in): each new code is redeemed at once (all remaining guests
 * of its RSVP), the verdict is shown, heard and felt, and cleared after VERDICT_MS unless the staff are
 * using its controls. Repeats of a code within REPEAT_MS are dropped. `step` and `undoLast` change the
 * shown RSVP's admissions one request at a time, each with its own nonce. With a prepared `door`, scans
 * with no network are judged and queued on the device (verdicts marked offline).
 */
export function useScanSession(eventId: string, device: string, door: OfflineDoor | null = null) {
  const qc = useQueryClient();
  const [state, setState] = useState<ScanState>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const recent = useRef(new Map<string, number>());
  const cardRef = useRef<HTMLDivElement>(null);
  const deviceRef = useRef(device);
  deviceRef.current = device;

  const show = useCallback(
    ({ verdict, offline }: Judged, sound = true) => {
      setState({ kind: 'verdict', verdict, at: Date.now(), offline });
      if (sound) signal(viewVerdict(verdict, eventId).sound);
      void qc.invalidateQueries({ queryKey: checkinKeys.searchAll(eventId) });
    },
    [eventId, qc],
  );

  const submit = useCallback(
    async (raw: string) => {
      const code = raw.trim();
      if (!code) return;
      const now = Date.now();
      const seen = recent.current.get(code);
      if (seen !== undefined && now - seen < REPEAT_MS) return;
      recent.current.set(code, now);
      for (const [k, t] of recent.current) if (now - t >= REPEAT_MS) recent.current.delete(k);
      setState({ kind: 'checking', code });
      try {
        const label = deviceRef.current;
        const meta = scanMeta(label);
        show(
          await judge(
            door,
            (signal) => redeem(eventId, { code, ...meta }, signal),
            () => door!.scan(code, label, meta.nonce),
            (v) => door?.noteOnline(v, label),
          ),
        );
      } catch (err) {
        signal('refuse');
        setState({ kind: 'error', message: toUserMessage(err, 'Failed to update attendance status'), at: Date.now() });
      }
      recent.current.set(code, Date.now());
    },
    [eventId, show, door],
  );

  const change = useCallback(
    async (run: () => Promise<Judged>) => {
      setBusy(true);
      try {
        show(await run());
      } catch (err) {
        signal('refuse');
        setState({ kind: 'error', message: toUserMessage(err, 'Failed to update attendance status'), at: Date.now() });
      } finally {
        setBusy(false);
      }
    },
    [show],
  );

  const shown = state.kind === 'verdict' ? state.verdict : null;
  const rsvpId = shown?.guest?.rsvp_id;

  const step = useCallback(
    (delta: 1 | -1) => {
      if (!rsvpId) return;
      const label = deviceRef.current;
      const meta = scanMeta(label);
      const kind = delta > 0 ? 'entry' : 'undo';
      void change(() =>
        judge(
          door,
          (signal) =>
            delta > 0
              ? redeem(eventId, { rsvp_id: rsvpId, count: 1, ...meta }, signal)
              : undo(eventId, { rsvp_id: rsvpId, count: 1, ...meta }, signal),
          () => door!.change(rsvpId, kind, 1, label, meta.nonce),
          (v) => door?.noteOnline(v, label),
        ),
      );
    },
    [change, eventId, rsvpId, door],
  );

  const undoLast = useCallback(() => {
    if (!rsvpId || !shown || shown.admitted <= 0) return;
    const count = shown.admitted;
    const label = deviceRef.current;
    const meta = scanMeta(label);
    void change(() =>
      judge(
        door,
        (signal) => undo(eventId, { rsvp_id: rsvpId, count, ...meta }, signal),
        () => door!.change(rsvpId, 'undo', count, label, meta.nonce),
        (v) => door?.noteOnline(v, label),
      ),
    );
  }, [change, eventId, rsvpId, shown, door]);

  // The verdict clears itself, unless the staff are pointing at or focused in its card.
  const at = state.kind === 'verdict' || state.kind === 'error' ? state.at : 0;
  useEffect(() => {
    if (!at) return;
    let t: ReturnType<typeof setTimeout>;
    const arm = () => {
      t = setTimeout(() => {
        if (cardRef.current?.matches(':hover, :focus-within')) arm();
        else setState((s) => ((s.kind === 'verdict' || s.kind === 'error') && s.at === at ? { kind: 'idle' } : s));
      }, VERDICT_MS);
    };
    arm();
    return () => clearTimeout(t);
  }, [at]);

  return { state, busy, submit, step, undoLast, cardRef };
}

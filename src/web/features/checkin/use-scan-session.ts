import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { redeem, undo } from './api/checkin.ts';
import { checkinKeys } from './api/keys.ts';
import { scanMeta } from './device.ts';
import { signal } from './feedback.ts';
import { viewVerdict } from './verdict.ts';

/** The camera sees one ticket many times a second: the same code again within this is the same scan. */
export const REPEAT_MS = 3_000;
/** How long a verdict stays before the scanner shows the bare viewfinder again (the next scan replaces it sooner). */
export const VERDICT_MS = 2_500;

export type ScanState =
  | { kind: 'idle' }
  | { kind: 'checking'; code: string }
  | { kind: 'verdict'; verdict: TCheckinVerdict; at: number }
  | { kind: 'error'; message: string; at: number };

/**
 * One door's scanning (docs/product.md#check-in): each new code is redeemed at once (all remaining guests
 * of its RSVP), the verdict is shown, heard and felt, and cleared after VERDICT_MS unless the staff are
 * using its controls. Repeats of a code within REPEAT_MS are dropped. `step` and `undoLast` change the
 * shown RSVP's admissions one request at a time, each with its own nonce.
 */
export function useScanSession(eventId: string, device: string) {
  const qc = useQueryClient();
  const [state, setState] = useState<ScanState>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const recent = useRef(new Map<string, number>());
  const cardRef = useRef<HTMLDivElement>(null);
  const deviceRef = useRef(device);
  deviceRef.current = device;

  const show = useCallback(
    (verdict: TCheckinVerdict, sound = true) => {
      setState({ kind: 'verdict', verdict, at: Date.now() });
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
        show(await redeem(eventId, { code, ...scanMeta(deviceRef.current) }));
      } catch (err) {
        signal('refuse');
        setState({ kind: 'error', message: toUserMessage(err, 'Failed to update attendance status'), at: Date.now() });
      }
      recent.current.set(code, Date.now());
    },
    [eventId, show],
  );

  const change = useCallback(
    async (run: () => Promise<TCheckinVerdict>) => {
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
      const meta = scanMeta(deviceRef.current);
      void change(() =>
        delta > 0 ? redeem(eventId, { rsvp_id: rsvpId, count: 1, ...meta }) : undo(eventId, { rsvp_id: rsvpId, count: 1, ...meta }),
      );
    },
    [change, eventId, rsvpId],
  );

  const undoLast = useCallback(() => {
    if (!rsvpId || !shown || shown.admitted <= 0) return;
    const count = shown.admitted;
    void change(() => undo(eventId, { rsvp_id: rsvpId, count, ...scanMeta(deviceRef.current) }));
  }, [change, eventId, rsvpId, shown]);

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

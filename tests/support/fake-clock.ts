/**
 * A clock whose timers run only when the test moves time on, and whose loop turns (`nextTurn`) run only when the
 * test takes one: for the request gates of src/server/http (door-first.ts, answers-first.ts).
 */
export function fakeClock() {
  let now = 1_000;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let turns: (() => void)[] = [];
  const clock = {
    now: () => now,
    setTimeout(fn: () => void, ms: number) {
      const id = ++seq;
      timers.set(id, { at: now + ms, fn });
      return { id } as never;
    },
    clearTimeout(handle: unknown) {
      if (handle) timers.delete((handle as { id: number }).id);
    },
    nextTurn(fn: () => void) {
      turns.push(fn);
    },
  };
  /** Runs every timer due by now + ms, in time order, each with the clock at its own time (plus `late`). */
  const advance = (ms: number, late = 0) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = Math.max(now, due[1].at + late);
      due[1].fn();
    }
    now = Math.max(now, end);
  };
  /** One turn of the loop: runs what was queued for the next turn before it began. */
  const turn = () => {
    const due = turns;
    turns = [];
    for (const fn of due) fn();
  };
  return { clock, advance, turn, pending: () => timers.size };
}

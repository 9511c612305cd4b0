import { AsyncLocalStorage } from 'node:async_hooks';
import { getBetterAuthVersion } from '@better-auth/core/context';

/**
 * Better Auth's AsyncLocalStorage instances, enabled only while one of its calls runs (issue 36, ADR 0038).
 * On Node 20 an enabled AsyncLocalStorage turns on promise hooks for the whole process, and one stays
 * enabled once it ran: after the first sign-in or session read, every promise of every request (an RSVP
 * answer, /livez) paid an init hook, about a tenth of the server's CPU per answer. Better Auth keeps its
 * storages on globalThis and creates each only when missing, so the app puts these there first.
 *
 * A GatedStorage counts the runs of all of them in flight (a run whose callback returns a promise lasts
 * until it settles) and disables them when the count falls to zero, which turns the hooks off again.
 * Inside a run nothing changes. Work a run starts without awaiting it would lose its store once the last
 * run ended: Better Auth awaits its own (runInBackgroundOrAwait awaits without a backgroundTasks handler).
 */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');
export const BETTER_AUTH_STORAGES = ['endpointContextAsyncStorage', 'requestStateAsyncStorage', 'adapterAsyncStorage'] as const;

// Process-wide, as the promise hooks and Better Auth's own storages are (on globalThis, so a second copy of this
// module, as a test runner may load, shares them); bounded by construction (the three above).
const STATE = Symbol.for('turnout:gated-storage');
type GateState = { gated: Set<AsyncLocalStorage<unknown>>; running: number };
const holder = globalThis as { [STATE]?: GateState };
holder[STATE] ??= { gated: new Set(), running: 0 };
const state: GateState = holder[STATE];

function leave() {
  state.running -= 1;
  if (state.running === 0) for (const storage of state.gated) storage.disable();
}

/** A GatedStorage made by any copy of this module (instanceof would see only this copy's class). */
const isGated = (v: unknown) => v instanceof AsyncLocalStorage && state.gated.has(v);

export class GatedStorage<T> extends AsyncLocalStorage<T> {
  constructor() {
    super();
    state.gated.add(this as AsyncLocalStorage<unknown>);
  }

  override run<R>(store: T, callback: () => R): R;
  override run<R, TArgs extends unknown[]>(store: T, callback: (...args: TArgs) => R, ...args: TArgs): R;
  override run<R, TArgs extends unknown[]>(store: T, callback: (...args: TArgs) => R, ...args: TArgs): R {
    state.running += 1;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (err) {
      leave();
      throw err;
    }
    if (result !== null && typeof result === 'object' && typeof (result as { then?: unknown }).then === 'function') {
      return Promise.resolve(result).finally(leave) as R;
    }
    leave();
    return result;
  }
}

/** Runs of the gated storages in flight (tests). */
export const gatedRuns = () => state.running;

/**
 * Puts a GatedStorage wherever Better Auth has not made its storage yet (before its first call). True when
 * all three are gated: a Better Auth that names or keeps them otherwise keeps its own, correct but paying
 * the hooks again (gated-storage.test.ts fails then).
 */
export function gateBetterAuthStorages(): boolean {
  getBetterAuthVersion(); // makes Better Auth's global, where it looks for its storages
  const context = (globalThis as { [BETTER_AUTH_GLOBAL]?: { context?: Record<string, unknown> } })[BETTER_AUTH_GLOBAL]?.context;
  if (!context) return false;
  for (const name of BETTER_AUTH_STORAGES) context[name] ??= new GatedStorage();
  return BETTER_AUTH_STORAGES.every((name) => isGated(context[name]));
}

import type { Deps } from '../../http/context.ts';
import { startPeriodic } from '../../periodic.ts';
import { providerFor, readPaymentEvent } from './event-provider.ts';
import { lapsedHolds, releaseHold } from './release-hold.ts';
import { eq } from 'drizzle-orm';
import { event_rsvps } from '../../db/schema/rsvps.ts';

export const HOLD_SWEEP_MS = 15_000;
const BATCH = 100;

type SweepDeps = Pick<Deps, 'db' | 'env' | 'log'>;

/**
 * Releases the seats of pending paid answers whose hold ran out (docs/decisions/0015-payments.md),
 * each exactly once (releaseHold), then ends their checkout at the provider, so a session that Stripe
 * keeps open longer (its 30-minute minimum) can no longer be paid. Returns how many were released.
 */
export async function sweepLapsedHolds(deps: SweepDeps): Promise<number> {
  let released = 0;
  for (const rsvpId of await lapsedHolds(deps.db, BATCH)) {
    const done = await releaseHold(deps.db, rsvpId, { onlyIfLapsed: true });
    if (!done) continue;
    released++;
    if (!done.sessionId) continue;
    const [row] = await deps.db.select({ event_id: event_rsvps.event_id }).from(event_rsvps).where(eq(event_rsvps.id, rsvpId)).limit(1);
    const event = row && (await readPaymentEvent(deps.db, row.event_id));
    const provider = event && providerFor(deps.db, deps.env, event);
    // A failure here is harmless: a payment that still completes is fulfilled late (seats again, or refunded).
    await provider
      ?.expireCheckout(done.sessionId)
      .catch((err) => deps.log.warn({ err: { message: (err as Error).message }, rsvpId }, 'payment: expiring a lapsed checkout failed'));
  }
  return released;
}

/** Runs sweepLapsedHolds every HOLD_SWEEP_MS until stop(). */
export function startHoldSweeper(deps: SweepDeps, everyMs = HOLD_SWEEP_MS): { stop: () => Promise<void> } {
  const log = deps.log.child({ module: 'payment-holds' });
  return startPeriodic({
    log,
    everyMs,
    failed: 'payment hold sweep failed; retrying on the next run',
    run: async () => {
      const released = await sweepLapsedHolds({ ...deps, log });
      if (released) log.info({ released }, 'lapsed payment holds released');
    },
  });
}

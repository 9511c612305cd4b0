import { randomBytes } from 'node:crypto';
import type { BenchRequest, RequestPlan, RunStats } from '../lib/types.ts';

/** Helpers of the scenarios that answer an event while something else happens (files starting with "_" are not scenarios). */

/** A new guest's "yes" for one, per request, on `eventId`: `{prefix}{n}.{run tag}@bench.turnout.test`. */
export function rsvpPlan(eventId: string, prefix: string): RequestPlan {
  const tag = randomBytes(4).toString('hex');
  let n = 0;
  const next = (): BenchRequest => ({
    method: 'POST',
    path: `/api/public/events/${eventId}/rsvps`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Guest ${n}`, email: `${prefix}${n++}.${tag}@bench.turnout.test`, guest_count: 1, status: 'confirmed' }),
  });
  return { next };
}

/** "RSVPs alone 512/s p99 31.2 ms". */
export const runLine = (label: string, r: RunStats) => `${label} ${Math.round(r.okRps)}/s p99 ${r.p99.toFixed(1)} ms`;

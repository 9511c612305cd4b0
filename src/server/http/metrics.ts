import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { routeLabel } from './route-label.ts';

/** Upper bounds (seconds) of the request-duration histogram's buckets. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const RSVP_ROUTE = '/api/public/events/:eventId/rsvps';

type Histogram = { counts: number[]; sum: number; count: number };

/** What an answer to POST …/rsvps means, from its status (the route's documented responses). */
function rsvpOutcome(status: number): string {
  if (status === 201) return 'recorded';
  if (status === 200) return 'already_answered';
  if (status === 409) return 'full';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'error';
  return 'rejected';
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (l: Record<string, string>) =>
  `{${Object.entries(l)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',')}}`;

/** Values read when /metrics is scraped (the outbox and the pool). */
export type ScrapedGauges = {
  outboxDepth: number;
  outboxOldestDueSeconds: number;
  poolTotal: number;
  poolIdle: number;
  poolWaiting: number;
  /** New answers that waited their turn behind a busy door, and those refused (http/door-first.ts). */
  doorFirst: Readonly<{ queued: number; refused: number }>;
  /** Event-page views that waited a turn for answers (http/answers-first.ts). */
  pageViewsHeld: number;
};

/**
 * This app's request and RSVP counters, rendered in the Prometheus text format (0.0.4) by GET /metrics
 * (metrics.routes.ts; docs/product.md#operations). Labels are route patterns, never raw paths, so the
 * series stay few.
 */
export class Metrics {
  private readonly durations = new Map<string, Histogram>();
  private readonly rsvps = new Map<string, number>();
  private served = 0;

  /** Requests answered so far: the outbox worker rests between batches only while this grows fast (a rush). */
  get requestsServed(): number {
    return this.served;
  }

  /**
   * After a request: its route pattern, method and status. Pages and static files come from the SPA
   * handler's catch-all, which names the page's pattern ('/event/:id') or 'static files'; anything else
   * outside a route counts as "unmatched".
   */
  observe(c: Context<AppEnv>, seconds: number) {
    this.served++;
    const status = c.res.status;
    const route = routeLabel(c);
    const key = `${c.req.method}\u0000${route}\u0000${status}`;
    let h = this.durations.get(key);
    if (!h) {
      h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.durations.set(key, h);
    }
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) h.counts[i]!++;
    h.sum += seconds;
    h.count++;
    if (route === RSVP_ROUTE && c.req.method === 'POST') {
      const outcome = rsvpOutcome(status);
      this.rsvps.set(outcome, (this.rsvps.get(outcome) ?? 0) + 1);
    }
  }

  render(g: ScrapedGauges): string {
    const out: string[] = [];
    out.push('# HELP turnout_http_request_duration_seconds Time to answer a request, by route pattern.');
    out.push('# TYPE turnout_http_request_duration_seconds histogram');
    for (const [key, h] of this.durations) {
      const [method, route, status] = key.split('\u0000') as [string, string, string];
      const base = { method, route, status };
      BUCKETS.forEach((le, i) => {
        out.push(`turnout_http_request_duration_seconds_bucket${labels({ ...base, le: String(le) })} ${h.counts[i]}`);
      });
      out.push(`turnout_http_request_duration_seconds_bucket${labels({ ...base, le: '+Inf' })} ${h.count}`);
      out.push(`turnout_http_request_duration_seconds_sum${labels(base)} ${h.sum}`);
      out.push(`turnout_http_request_duration_seconds_count${labels(base)} ${h.count}`);
    }
    out.push('# HELP turnout_rsvps_total Answers to POST /api/public/events/{eventId}/rsvps, by outcome.');
    out.push('# TYPE turnout_rsvps_total counter');
    for (const [outcome, n] of this.rsvps) out.push(`turnout_rsvps_total${labels({ outcome })} ${n}`);
    out.push('# HELP turnout_door_first_answers_total New answers that waited behind a busy door, or were refused (503).');
    out.push('# TYPE turnout_door_first_answers_total counter');
    for (const [outcome, n] of Object.entries(g.doorFirst)) out.push(`turnout_door_first_answers_total${labels({ outcome })} ${n}`);
    out.push('# HELP turnout_answers_first_page_views_held_total Event-page views that waited a turn of the loop for answers.');
    out.push('# TYPE turnout_answers_first_page_views_held_total counter');
    out.push(`turnout_answers_first_page_views_held_total ${g.pageViewsHeld}`);
    const gauge = (name: string, help: string, value: number) => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`);
    };
    gauge('turnout_outbox_depth', 'Messages waiting to be delivered (pending or being sent), all processes.', g.outboxDepth);
    gauge('turnout_outbox_oldest_due_seconds', 'Age of the oldest message that is due (0 when none).', g.outboxOldestDueSeconds);
    gauge('turnout_db_pool_in_use', "Connections of this process's pool serving a query.", g.poolTotal - g.poolIdle);
    gauge('turnout_db_pool_idle', "Idle connections of this process's pool.", g.poolIdle);
    gauge('turnout_db_pool_waiting', "Queries waiting for a connection of this process's pool.", g.poolWaiting);
    return `${out.join('\n')}\n`;
  }
}

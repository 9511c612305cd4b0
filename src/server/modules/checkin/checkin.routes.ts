import { setTimeout as sleep } from 'node:timers/promises';
import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { CHECKIN_PING_MS } from '../../../common/constants.ts';
import { ZCheckinSearchQuery, ZRedeem, ZUndo, ZVerifyCode, ZVerifyTicket } from '../../../common/schemas/checkin.ts';
import {
  ZCheckinEventList,
  ZCheckinSearch,
  ZCheckinStats,
  ZCheckinVerdict,
  ZTicketVerification,
} from '../../../common/schemas/checkin.responses.ts';
import { currentUser, loadUser, requireUser } from '../../auth/middleware.ts';
import type { AppEnv } from '../../http/context.ts';
import { doorRequest } from '../../http/door-first.ts';
import { errors, json, jsonBody, signedIn, signedInOrKey } from '../../http/openapi.ts';
import { type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { listCheckinEvents } from './checkin-events.ts';
import { checkinStats } from './checkin-stats.ts';
import { admissible } from '../tickets/verify-ticket.ts';
import { recordScan, type ScanMeta, verdict } from './record-scan.ts';
import { resolveCode } from './resolve-code.ts';
import { searchCheckinGuests } from './search-checkin-guests.ts';
import { teamEvent } from './team-event.ts';
import { verifyForPage } from './verify-for-page.ts';

/** The public verification page: a QR is checked by its MAC first, so this only keeps a client from hammering it. */
export const VERIFY_PAGE_LIMIT: LimitRule = { name: 'ticket-verification-ip', points: 120, windowSec: 60 };

const tags = ['Check-in'];
const guarded = { tags, security: signedInOrKey('checkin') } as const;
const ZEvent = z.object({ eventId: ZEventIdParam });

const eventsRoute = createRoute({
  ...guarded,
  method: 'get',
  path: '/api/checkin/events',
  summary: 'The events the signed-in user may check in (owner, co-host, door staff)',
  responses: { 200: json('Soonest first', ZCheckinEventList), ...errors(401) },
});
const statsRoute = createRoute({
  ...guarded,
  method: 'get',
  path: '/api/checkin/{eventId}/stats',
  summary: 'Total, checked in and pending, in guests and in RSVPs',
  request: { params: ZEvent },
  responses: { 200: json('Now', ZCheckinStats), ...errors(401, 404) },
});
const streamRoute = createRoute({
  ...guarded,
  // A session only: a stream outlives the request that opened it, and a revoked API key must stop at once
  // (docs/decisions/0029-api-keys.md); a program with a key polls …/stats.
  security: signedIn,
  method: 'get',
  path: '/api/checkin/{eventId}/stream',
  summary: 'Server-sent events: `stats` at once and after every check-in or undo of the event, from any process',
  request: { params: ZEvent },
  responses: {
    200: { description: '`event: stats` with ZCheckinStats as data', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    ...errors(401, 404),
  },
});
const verifyRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/checkin/{eventId}/verify',
  summary: 'What a scan would find (changes nothing)',
  request: { params: ZEvent, ...jsonBody(ZVerifyCode) },
  responses: { 200: json('The verdict', ZCheckinVerdict), ...errors(400, 401, 404, 413, 415) },
});
const redeemRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/checkin/{eventId}/redeem',
  summary: 'Admit guests by ticket code, PIN or RSVP (exactly once per nonce; refusals carry a reason)',
  request: { params: ZEvent, ...jsonBody(ZRedeem) },
  responses: { 200: json('The verdict', ZCheckinVerdict), ...errors(400, 401, 404, 413, 415) },
});
const undoRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/checkin/{eventId}/undo',
  summary: 'Take admissions back (exactly once per nonce)',
  request: { params: ZEvent, ...jsonBody(ZUndo) },
  responses: { 200: json('The verdict', ZCheckinVerdict), ...errors(400, 401, 404, 413, 415) },
});
const searchRoute = createRoute({
  ...guarded,
  method: 'get',
  path: '/api/checkin/{eventId}/search',
  summary: 'Guests by name, e-mail, phone or PIN',
  request: { params: ZEvent, query: ZCheckinSearchQuery },
  responses: { 200: json('At most 20, by name', ZCheckinSearch), ...errors(400, 401, 404) },
});
const pageRoute = createRoute({
  method: 'post',
  path: '/api/ticket-verification',
  summary: "A QR's verdict for its event's team; for anyone else only whether it is valid and for which event",
  tags,
  request: jsonBody(ZVerifyTicket),
  responses: { 200: json('What this visitor may know', ZTicketVerification), ...errors(400, 413, 415, 429) },
});

/** docs/product.md#check-in: every route but the public verification needs the event's team (eventAccess 'checkin'). */
export function checkinRoutes() {
  const r = createRouter();
  r.use('/api/checkin/*', requireUser);
  r.use('/api/checkin/*', doorRequest);
  r.use('/api/ticket-verification', rateLimitByIp(VERIFY_PAGE_LIMIT));
  const signingKey = (c: { var: { deps: { env: { TICKET_SIGNING_KEY: string } } } }) => c.var.deps.env.TICKET_SIGNING_KEY;

  r.openapi(eventsRoute, async (c) => c.json({ events: await listCheckinEvents(c.var.deps.db, currentUser(c)) }, 200));

  r.openapi(statsRoute, async (c) => {
    const event = await teamEvent(c.var.deps.db, currentUser(c), c.req.valid('param').eventId);
    return c.json(await checkinStats(c.var.deps.db, event.id), 200, { 'Cache-Control': 'no-store' });
  });

  r.openapi(streamRoute, async (c) => {
    const { db, checkinHub } = c.var.deps;
    const actor = currentUser(c);
    const event = await teamEvent(db, actor, c.req.valid('param').eventId);
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no'); // a reverse proxy must not hold the stream back
    return streamSSE(c, async (stream) => {
      const send = (stats: unknown) => stream.writeSSE({ event: 'stats', data: JSON.stringify(stats) });
      // Ended by the hub as soon as the user leaves the event's team or is deactivated.
      const revoked = new AbortController();
      const unsubscribe = checkinHub.subscribe(event.id, (stats) => void send(stats).catch(() => {}), {
        actor,
        end: () => revoked.abort(),
      });
      stream.onAbort(unsubscribe);
      // Until the device goes, its user may no longer watch, or the app shuts down (the device reconnects, to another process if any).
      const closing = checkinHub.closing;
      const stop = closing ? AbortSignal.any([closing, revoked.signal]) : revoked.signal;
      const stats = await checkinStats(db, event.id);
      if (!stop.aborted) await send(stats);
      while (!stream.aborted && !stream.closed && !stop.aborted) {
        await sleep(CHECKIN_PING_MS, undefined, { signal: stop }).catch(() => {});
        if (!stream.aborted && !stop.aborted) await stream.write(': ping\n\n');
      }
      unsubscribe();
    });
  });

  r.openapi(verifyRoute, async (c) => {
    const { db } = c.var.deps;
    const event = await teamEvent(db, currentUser(c), c.req.valid('param').eventId);
    const found = await resolveCode({ db, signingKey: signingKey(c), eventId: event.id, code: c.req.valid('json').code });
    const guest = 'guest' in found ? found.guest : null;
    const reason = 'guest' in found ? null : found.reason;
    return c.json(
      await verdict(db, {
        event,
        guest,
        admitted: 0,
        // docs/product.md#refunds: a refunded ticket or order says so, as turnout_checkin_scan does.
        reason:
          guest && (('ticketRefunded' in found && found.ticketRefunded) || guest.payment_status === 'refunded')
            ? 'refunded'
            : guest && !admissible(guest)
              ? 'not_confirmed'
              : reason,
        replay: false,
        ...('ticketId' in found && found.ticketId ? { ticketId: found.ticketId } : {}),
      }),
      200,
    );
  });

  /** One admission or undo: recorded exactly once, announced to the live streams, logged without guest data. */
  const scan = async (
    c: { var: AppEnv['Variables'] },
    eventId: string,
    s: { kind: 'entry'; code?: string; rsvpId?: string } | { kind: 'undo'; rsvpId: string },
    body: { count?: number } & ScanMeta,
  ) => {
    const { count, ...meta } = body;
    const result = await recordScan({ db: c.var.deps.db, signingKey: signingKey(c), actor: currentUser(c), eventId, meta, count, ...s });
    if (result.admitted !== 0 && !result.replay) c.var.deps.checkinHub.announce(result.event.id);
    const { ok, reason, replay } = result;
    c.var.log.info({ eventId: result.event.id, rsvpId: result.guest?.rsvp_id, kind: s.kind, ok, reason, replay }, 'check-in');
    return result;
  };

  r.openapi(redeemRoute, async (c) => {
    const { code, rsvp_id, ...body } = c.req.valid('json');
    return c.json(await scan(c, c.req.valid('param').eventId, { kind: 'entry', code, rsvpId: rsvp_id }, body), 200);
  });

  r.openapi(undoRoute, async (c) => {
    const { rsvp_id, ...body } = c.req.valid('json');
    return c.json(await scan(c, c.req.valid('param').eventId, { kind: 'undo', rsvpId: rsvp_id }, body), 200);
  });

  r.openapi(searchRoute, async (c) => {
    const event = await teamEvent(c.var.deps.db, currentUser(c), c.req.valid('param').eventId);
    return c.json(await searchCheckinGuests(c.var.deps.db, event.id, c.req.valid('query').q), 200, { 'Cache-Control': 'no-store' });
  });

  r.use('/api/ticket-verification', loadUser);
  r.openapi(pageRoute, async (c) => {
    const { code, event_id } = c.req.valid('json');
    const answer = await verifyForPage({
      db: c.var.deps.db,
      signingKey: signingKey(c),
      actor: c.var.user ?? null,
      code,
      eventId: event_id,
    });
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });
  return r;
}

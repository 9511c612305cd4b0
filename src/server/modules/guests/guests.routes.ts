import { emailDeliveryOf } from '../../../common/email-delivery.ts';
import { endCheckoutForStaff } from '../payments/end-checkout.ts';
import { fulfilDeps } from '../payments/payments.routes.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { ZGuestFilter, ZGuestListQuery, ZGuestPatch } from '../../../common/schemas/guests.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { ZDashboardSummary, ZGuestDetailAnswer, ZGuestList, ZTicketSent } from '../../../common/schemas/guests.responses.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { errors, json, jsonBody, signedIn, signedInOrKey } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { changeGuest, deleteGuest } from './change-guest.ts';
import { exportGuestsCsv } from './export-guests-csv.ts';
import { getDashboardSummary } from './get-dashboard-summary.ts';
import { getGuest, RSVP_NOT_FOUND } from './get-guest.ts';
import { listGuests } from './list-guests.ts';
import { refundForStaff } from '../payments/refund-rsvp.ts';
import { refundOrder } from '../payments/refund-order.ts';
import { ZRefundAnswer, ZRefundInput } from '../../../common/schemas/refunds.ts';
import { sendTicket } from './send-ticket.ts';

const tags = ['Guests'];
const ZEventParam = z.object({ eventId: ZEventIdParam });
const ZGuestParams = z.object({ eventId: ZEventIdParam, rsvpId: zUuid(RSVP_NOT_FOUND) });
const guarded = { middleware: requireUser, tags, security: signedIn };

const summaryRoute = createRoute({
  ...guarded,
  security: signedInOrKey('events:read'),
  method: 'get',
  path: '/api/dashboard/summary',
  summary: "The dashboard tiles' totals over the last 30 days of the events the user manages",
  responses: { 200: json('Totals of the period', ZDashboardSummary), ...errors(401) },
});
const listRoute = createRoute({
  ...guarded,
  security: signedInOrKey('guests:read'),
  method: 'get',
  path: '/api/events/{eventId}/rsvps',
  summary: "One page of an event's guest list (40 a page), with the total and per-status counts",
  request: { params: ZEventParam, query: ZGuestListQuery },
  responses: { 200: json('The page, the total and the counts', ZGuestList), ...errors(400, 401, 404) },
});
const csvRoute = createRoute({
  ...guarded,
  security: signedInOrKey('guests:read'),
  method: 'get',
  path: '/api/events/{eventId}/rsvps.csv',
  summary: 'The guest list as CSV (UTF-8 with BOM, every column, formulas neutralised), with the same filters',
  request: { params: ZEventParam, query: ZGuestFilter },
  responses: {
    200: { description: '<event-slug>-guests-<YYYY-MM-DD>.csv', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...errors(400, 401, 404),
  },
});
const getRoute = createRoute({
  ...guarded,
  security: signedInOrKey('guests:read'),
  method: 'get',
  path: '/api/events/{eventId}/rsvps/{rsvpId}',
  summary: 'One guest: the row, QR image, ticket and short link',
  request: { params: ZGuestParams },
  responses: { 200: json('The guest', ZGuestDetailAnswer), ...errors(401, 404) },
});
const patchRoute = createRoute({
  ...guarded,
  security: signedInOrKey('guests:write'),
  method: 'patch',
  path: '/api/events/{eventId}/rsvps/{rsvpId}',
  summary: "Change a guest's status or party size (capacity holds; the guest is e-mailed the new answer)",
  request: { params: ZGuestParams, ...jsonBody(ZGuestPatch) },
  responses: { 200: json('The guest as now', ZGuestDetailAnswer), ...errors(400, 401, 404, 409, 413, 415) },
});
const deleteRoute = createRoute({
  ...guarded,
  security: signedInOrKey('guests:write'),
  method: 'delete',
  path: '/api/events/{eventId}/rsvps/{rsvpId}',
  summary: "Delete a guest's RSVP (its seats are freed)",
  request: { params: ZGuestParams },
  responses: { 204: { description: 'Deleted' }, ...errors(401, 404) },
});
const sendTicketRoute = createRoute({
  ...guarded,
  security: signedInOrKey('guests:write'),
  method: 'post',
  path: '/api/events/{eventId}/rsvps/{rsvpId}/send-ticket',
  summary: 'E-mail a confirmed guest their ticket',
  request: { params: ZGuestParams },
  responses: { 200: json('Queued (false: already sent this minute)', ZTicketSent), ...errors(401, 404, 409) },
});
const refundRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/events/{eventId}/rsvps/{rsvpId}/refunds',
  summary:
    "Refund a paid order: some of its tickets, an amount, or the whole of it (the event's owner; a session, not an API key). " +
    '`expected_amount` must be the amount shown to the host; the guest is e-mailed',
  request: { params: ZGuestParams, ...jsonBody(ZRefundInput) },
  responses: { 200: json('The refund made and the guest as now', ZRefundAnswer), ...errors(400, 401, 403, 404, 409, 413, 415, 502) },
});
const config = (c: Context<AppEnv>) => ({ baseUrl: c.var.deps.env.PUBLIC_BASE_URL, signingKey: c.var.deps.env.TICKET_SIGNING_KEY });

/** Hosts see who is coming (docs/product.md#guest-list): owner and co-hosts only, anyone else 404 (ADR 0011). */
export function guestsRoutes() {
  const r = createRouter();
  r.openapi(summaryRoute, async (c) =>
    c.json(await getDashboardSummary({ db: c.var.deps.db, actor: currentUser(c) }), 200, { 'Cache-Control': 'no-store' }),
  );
  r.openapi(listRoute, async (c) => {
    const list = await listGuests({
      db: c.var.deps.db,
      actor: currentUser(c),
      eventId: c.req.valid('param').eventId,
      query: c.req.valid('query'),
    });
    return c.json(list, 200, { 'Cache-Control': 'no-store' });
  });
  r.openapi(csvRoute, async (c) => {
    const { eventId } = c.req.valid('param');
    const csv = await exportGuestsCsv({ db: c.var.deps.db, actor: currentUser(c), eventId, filter: c.req.valid('query') });
    c.var.log.info({ eventId }, 'guest list exported');
    return c.body(csv.stream, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csv.filename}"`,
      'Cache-Control': 'no-store',
    });
  });
  r.openapi(getRoute, async (c) => {
    const { eventId, rsvpId } = c.req.valid('param');
    const rsvp = await getGuest({ db: c.var.deps.db, actor: currentUser(c), config: config(c), eventId, rsvpId });
    return c.json({ rsvp }, 200, { 'Cache-Control': 'no-store' });
  });
  r.openapi(patchRoute, async (c) => {
    const { eventId, rsvpId } = c.req.valid('param');
    const { db } = c.var.deps;
    const actor = currentUser(c);
    const change = c.req.valid('json');
    // Cancelling a paid answer refunds it first; one at the checkout has its checkout ended (docs/product.md#payments).
    if (change.status && change.status !== 'confirmed') {
      await endCheckoutForStaff(fulfilDeps(c), { actor, eventId, rsvpId });
      await refundForStaff({ db, env: c.var.deps.env, log: c.var.log }, { actor, eventId, rsvpId });
    }
    const { emailQueued } = await changeGuest({ db, actor, config: config(c), eventId, rsvpId, change });
    c.var.log.info({ eventId, rsvpId, emailQueued }, 'guest changed by staff');
    const rsvp = await getGuest({ db, actor, config: config(c), eventId, rsvpId });
    return c.json({ rsvp, email_queued: emailQueued }, 200);
  });
  r.openapi(deleteRoute, async (c) => {
    const { eventId, rsvpId } = c.req.valid('param');
    const deps = { db: c.var.deps.db, env: c.var.deps.env, log: c.var.log };
    await endCheckoutForStaff(fulfilDeps(c), { actor: currentUser(c), eventId, rsvpId });
    await refundForStaff(deps, { actor: currentUser(c), eventId, rsvpId });
    await deleteGuest({ db: c.var.deps.db, actor: currentUser(c), eventId, rsvpId });
    c.var.log.info({ eventId, rsvpId }, 'guest deleted by staff');
    return c.body(null, 204);
  });
  r.openapi(refundRoute, async (c) => {
    const { eventId, rsvpId } = c.req.valid('param');
    const actor = currentUser(c);
    const refund = await refundOrder(
      { db: c.var.deps.db, env: c.var.deps.env, log: c.var.log },
      { actor, eventId, rsvpId, input: c.req.valid('json') },
    );
    const rsvp = await getGuest({ db: c.var.deps.db, actor, config: config(c), eventId, rsvpId });
    return c.json({ refund, rsvp }, 200);
  });
  r.openapi(sendTicketRoute, async (c) => {
    const { eventId, rsvpId } = c.req.valid('param');
    const sent = await sendTicket({ db: c.var.deps.db, actor: currentUser(c), config: config(c), eventId, rsvpId });
    c.var.log.info({ eventId, rsvpId, queued: sent.queued }, 'ticket e-mail queued');
    return c.json({ ...sent, email_delivery: emailDeliveryOf(c.var.deps.env) }, 200);
  });
  return r;
}

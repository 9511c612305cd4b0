import { createRoute, z } from '@hono/zod-openapi';
import { ZQrBackfill, ZSendTickets } from '../../../common/schemas/guests.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { ZJobAnswer } from '../../../common/schemas/guests.responses.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { getJob, JOB_NOT_FOUND } from '../../domain/job-row.ts';
import { requireTwoFactorForEvent } from '../events/two-factor-rule.ts';
import { createQrBackfillJob } from './qr-backfill-job.ts';
import { createSendTicketsJob } from './send-tickets-job.ts';

const tags = ['Jobs'];

const getJobRoute = createRoute({
  method: 'get',
  path: '/api/jobs/{jobId}',
  middleware: [requireUser] as const,
  summary: 'A server job and its progress (the user who started it only)',
  tags,
  security: signedIn,
  request: { params: z.object({ jobId: zUuid(JOB_NOT_FOUND) }) },
  responses: { 200: json('The job', ZJobAnswer), ...errors(401, 403, 404) },
});

const backfillRoute = createRoute({
  method: 'post',
  path: '/api/qr-backfill',
  middleware: [requireUser] as const,
  summary: 'Backfill QR codes of one event or of every event the user manages (a server job)',
  tags,
  security: signedIn,
  request: jsonBody(ZQrBackfill),
  responses: {
    202: json('The job, queued: poll GET /api/jobs/{id}', ZJobAnswer),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429),
  },
});

const sendTicketsRoute = createRoute({
  method: 'post',
  path: '/api/events/{eventId}/rsvps/send-tickets',
  middleware: [requireUser] as const,
  summary: 'E-mail the ticket to a selection of guests, or to every guest matching a filter (a server job)',
  // Listed with the guest list's routes in the API document, where a host looks for it.
  tags: ['Guests'],
  security: signedIn,
  request: { params: z.object({ eventId: ZEventIdParam }), ...jsonBody(ZSendTickets) },
  responses: {
    202: json('The job, queued: poll GET /api/jobs/{id}', ZJobAnswer),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429),
  },
});

/** Server jobs of the guest list (docs/product.md#guest-list): progress, the QR backfill and the bulk ticket e-mail. */
export function jobsRoutes() {
  const r = createRouter();
  r.openapi(getJobRoute, async (c) => {
    const { db } = c.var.deps;
    const actor = currentUser(c);
    const job = await getJob({ db, actor, id: c.req.valid('param').jobId });
    // A paid event's job under the owner's two-factor rule (ADR 0020), as its guest list is.
    await requireTwoFactorForEvent(db, actor, job.event_id);
    return c.json({ job }, 200, { 'Cache-Control': 'no-store' });
  });
  r.openapi(backfillRoute, async (c) => {
    const job = await createQrBackfillJob({ db: c.var.deps.db, limits: c.var.limits, actor: currentUser(c), input: c.req.valid('json') });
    c.var.log.info({ jobId: job.id, eventId: job.event_id, total: job.total }, 'QR backfill queued');
    return c.json({ job }, 202);
  });
  r.openapi(sendTicketsRoute, async (c) => {
    const { eventId } = c.req.valid('param');
    const job = await createSendTicketsJob({
      db: c.var.deps.db,
      limits: c.var.limits,
      actor: currentUser(c),
      eventId,
      input: c.req.valid('json'),
    });
    c.var.log.info({ eventId, jobId: job.id, total: job.total }, 'bulk ticket e-mail queued');
    return c.json({ job }, 202);
  });
  return r;
}

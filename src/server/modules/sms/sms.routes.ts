import { createRoute, z } from '@hono/zod-openapi';
import { ZSendSmsInput, ZSendSmsResult, ZSmsHistory, ZSmsJobInput, ZSmsJobProgress, ZSmsSent } from '../../../common/schemas/sms.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { ZJobAnswer } from '../../../common/schemas/guests.responses.ts';
import { SMS_MSG } from '../../../common/sms.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { enforce, type LimitRule } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { RSVP_NOT_FOUND } from '../guests/get-guest.ts';
import { assertPossiblePhone } from '../../domain/phone-check.ts';
import { sendGuestSms } from './send-guest-sms.ts';
import { sendSandboxSms } from './send-sandbox-sms.ts';
import { cancelSmsJob, createSmsJob, getSmsJobProgress } from './sms-job.ts';
import { listSmsHistory } from './list-sms-history.ts';
import { smsChannel } from '../../domain/sms-delivery.ts';

const tags = ['SMS'];
const guarded = { middleware: requireUser, tags, security: signedIn };
/** Each text costs money: a user sends at most this many single or sandbox SMS (bulk jobs: jobs/start-job.ts). */
const SINGLE_SMS: LimitRule = { name: 'sms-single', points: 60, windowSec: 10 * 60 };
const ZJobParam = z.object({ jobId: zUuid(SMS_MSG.jobNotFound) });

const guestSmsRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/events/{eventId}/rsvps/{rsvpId}/sms',
  summary: 'Text a guest the event name and their ticket short link (through the outbox)',
  request: { params: z.object({ eventId: ZEventIdParam, rsvpId: zUuid(RSVP_NOT_FOUND) }) },
  responses: {
    200: json('Queued (queued false: opted out, or a text went less than a minute ago); the latest delivery status', ZSmsSent),
    ...errors(401, 404, 409, 429),
  },
});
const createJobRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/events/{eventId}/sms-jobs',
  summary: 'Bulk SMS to chosen guests: a server job, 5 a batch with a 1 s pause',
  request: { params: z.object({ eventId: ZEventIdParam }), ...jsonBody(ZSmsJobInput) },
  responses: { 202: json('The job, queued: poll GET /api/sms-jobs/{id}', ZJobAnswer), ...errors(400, 401, 404, 413, 415, 429) },
});
const historyRoute = createRoute({
  ...guarded,
  method: 'get',
  path: '/api/events/{eventId}/sms-jobs',
  summary: "The event's message history: its bulk SMS, newest first, with sender, recipients and delivery counts",
  request: { params: z.object({ eventId: ZEventIdParam }) },
  responses: { 200: json('The history', ZSmsHistory), ...errors(401, 403, 404) },
});
const progressRoute = createRoute({
  ...guarded,
  method: 'get',
  path: '/api/sms-jobs/{jobId}',
  summary: "A bulk SMS job's progress: sent, failed (with reasons), queued, skipped (the user who started it only)",
  request: { params: ZJobParam },
  responses: { 200: json('The progress', ZSmsJobProgress), ...errors(401, 403, 404) },
});
const cancelRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/sms-jobs/{jobId}/cancel',
  summary: 'Cancel a bulk SMS job: what is not yet handed to Twilio is not sent',
  request: { params: ZJobParam },
  responses: { 200: json('The progress after the cancel', ZSmsJobProgress), ...errors(401, 403, 404) },
});
const sandboxRoute = createRoute({
  ...guarded,
  method: 'post',
  path: '/api/send-sms',
  summary: "The SMS sandbox: send one text now and answer Twilio's reply (the instance owner only)",
  request: jsonBody(ZSendSmsInput),
  responses: { 200: json("Twilio's answer", ZSendSmsResult), ...errors(400, 401, 403, 413, 415, 429) },
});

/** SMS (docs/product.md#sms): a guest's ticket text, bulk jobs from the Messaging screen, the sandbox. */
export function smsRoutes() {
  const r = createRouter();
  r.openapi(guestSmsRoute, async (c) => {
    const actor = currentUser(c);
    await enforce(c, SINGLE_SMS, actor.id);
    const { eventId, rsvpId } = c.req.valid('param');
    const sent = await sendGuestSms({ db: c.var.deps.db, actor, baseUrl: c.var.deps.env.PUBLIC_BASE_URL, eventId, rsvpId });
    c.var.log.info({ eventId, rsvpId, queued: sent.queued, status: sent.delivery.status }, 'guest SMS');
    return c.json({ ...sent, channel: smsChannel(c.var.deps.channels) }, 200);
  });
  r.openapi(createJobRoute, async (c) => {
    const actor = currentUser(c);
    const { eventId } = c.req.valid('param');
    const job = await createSmsJob({ db: c.var.deps.db, limits: c.var.limits, actor, eventId, input: c.req.valid('json') });
    c.var.log.info({ jobId: job.id, eventId: job.event_id, total: job.total }, 'bulk SMS queued');
    return c.json({ job }, 202);
  });
  r.openapi(historyRoute, async (c) => {
    const { eventId } = c.req.valid('param');
    const history = await listSmsHistory({ db: c.var.deps.db, actor: currentUser(c), eventId, channel: smsChannel(c.var.deps.channels) });
    return c.json(history, 200, { 'Cache-Control': 'no-store' });
  });
  r.openapi(progressRoute, async (c) => {
    const o = { db: c.var.deps.db, actor: currentUser(c), jobId: c.req.valid('param').jobId, channel: smsChannel(c.var.deps.channels) };
    return c.json(await getSmsJobProgress(o), 200, { 'Cache-Control': 'no-store' });
  });
  r.openapi(cancelRoute, async (c) => {
    const o = { db: c.var.deps.db, actor: currentUser(c), jobId: c.req.valid('param').jobId, channel: smsChannel(c.var.deps.channels) };
    const progress = await cancelSmsJob(o);
    c.var.log.info({ jobId: progress.id }, 'bulk SMS cancelled');
    return c.json(progress, 200);
  });
  r.openapi(sandboxRoute, async (c) => {
    const actor = currentUser(c);
    const { to, message } = c.req.valid('json');
    assertPossiblePhone(to, 'to');
    await enforce(c, SINGLE_SMS, actor.id);
    const answer = await sendSandboxSms({ db: c.var.deps.db, channels: c.var.deps.channels, actor, to, message });
    c.var.log.info({ sent: answer.sent, code: answer.code }, 'sandbox SMS');
    return c.json(answer, 200);
  });
  return r;
}

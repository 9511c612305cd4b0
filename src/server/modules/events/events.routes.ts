import { createRoute, z } from '@hono/zod-openapi';
import { eventRuleIssues, ZEventInput, ZEventPatch } from '../../../common/schemas/events.ts';
import { ZEventAnswer, ZEventList } from '../../../common/schemas/events.responses.ts';
import { paymentNeedsSession, ZEventIdParam } from '../../domain/event-access.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { errors, json, jsonBody, signedInOrKey } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { createEvent } from './create-event.ts';
import { fulfilDeps } from '../payments/payments.routes.ts';
import { providerKind } from '../payments/event-provider.ts';
import { deleteEvent } from './delete-event.ts';
import { getEvent } from './get-event.ts';
import { listEvents } from './list-events.ts';
import { updateEvent } from './update-event.ts';

/** On create the server also knows no key is stored: a paid event needs the secret key now. */
const ZEventCreate = ZEventInput.superRefine((v, ctx) => {
  const message = eventRuleIssues(v, { checkSecretKey: true }).stripe_secret_key;
  if (message && !v.stripe_secret_key) ctx.addIssue({ code: 'custom', path: ['stripe_secret_key'], message });
});

const ZId = z.object({ id: ZEventIdParam });
const tags = ['Events'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  summary: 'List the events the user owns or co-hosts',
  tags,
  security: signedInOrKey('events:read'),
  responses: { 200: json('Events the user owns or co-hosts, newest first', ZEventList), ...errors(401) },
});
const createEventRoute = createRoute({
  method: 'post',
  path: '/',
  summary: 'Create an event',
  tags,
  security: signedInOrKey('events:write'),
  request: jsonBody(ZEventCreate),
  responses: { 201: json('Created', ZEventAnswer), ...errors(400, 401, 403, 409, 413, 415) },
});
const getRoute = createRoute({
  method: 'get',
  path: '/{id}',
  summary: 'Read one event',
  tags,
  security: signedInOrKey('events:read'),
  request: { params: ZId },
  responses: { 200: json('One event', ZEventAnswer), ...errors(401, 404) },
});
const patchRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  summary: 'Change an event (any subset of its fields)',
  tags,
  security: signedInOrKey('events:write'),
  request: { params: ZId, ...jsonBody(ZEventPatch) },
  responses: { 200: json('Updated', ZEventAnswer), ...errors(400, 401, 403, 404, 409, 413, 415) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  summary: 'Delete an event (owner only; refused with event_has_payments while guests are paid or at the checkout)',
  tags,
  security: signedInOrKey('events:write'),
  request: { params: ZId },
  responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404, 409, 502) },
});

/**
 * /api/events: hosts manage their events. Not owner or co-host → 404, whatever the endpoint; a
 * co-host asking for an owner-only change (delete, payment settings) → 403 (ADR 0011).
 */
export function eventsRoutes() {
  const r = createRouter();
  r.use('*', requireUser);
  r.openapi(listRoute, async (c) => c.json({ events: await listEvents({ db: c.var.deps.db, actor: currentUser(c) }) }, 200));
  r.openapi(createEventRoute, async (c) => {
    const { db, env } = c.var.deps;
    if (c.var.apiKey && c.req.valid('json').is_paid_event) throw paymentNeedsSession(['is_paid_event']);
    const event = await createEvent({
      db,
      log: c.var.log,
      encryptionKey: env.ENCRYPTION_KEY,
      liveStripe: providerKind(env) === 'stripe',
      actor: currentUser(c),
      input: c.req.valid('json'),
    });
    return c.json({ event }, 201);
  });
  r.openapi(getRoute, async (c) =>
    c.json({ event: await getEvent({ db: c.var.deps.db, actor: currentUser(c), id: c.req.valid('param').id }) }, 200),
  );
  r.openapi(patchRoute, async (c) => {
    const { db, env } = c.var.deps;
    const { id } = c.req.valid('param');
    const event = await updateEvent({
      db,
      log: c.var.log,
      publicEvents: c.var.deps.caches.publicEvents,
      encryptionKey: env.ENCRYPTION_KEY,
      liveStripe: providerKind(env) === 'stripe',
      actor: currentUser(c),
      viaApiKey: Boolean(c.var.apiKey),
      id,
      input: c.req.valid('json'),
    });
    return c.json({ event }, 200);
  });
  r.openapi(deleteRoute, async (c) => {
    await deleteEvent({
      db: c.var.deps.db,
      log: c.var.log,
      publicEvents: c.var.deps.caches.publicEvents,
      payments: fulfilDeps(c),
      actor: currentUser(c),
      id: c.req.valid('param').id,
    });
    return c.body(null, 204);
  });
  return r;
}

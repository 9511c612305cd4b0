import { createRoute, z } from '@hono/zod-openapi';
import { zUuid } from '../../../common/schemas/ids.ts';
import {
  ZWebhookCreate,
  ZWebhookDeliveryAnswer,
  ZWebhookDeliveryList,
  ZWebhookEndpointAnswer,
  ZWebhookEndpointList,
  ZWebhookUpdate,
  ZWebhookWithSecret,
} from '../../../common/schemas/webhooks.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { enforce, type LimitRule } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { listWebhookDeliveries, MSG_DELIVERY_NOT_FOUND, resendWebhookDelivery } from './delivery-log.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  MSG_ENDPOINT_NOT_FOUND,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookDeps,
} from './endpoints.ts';

/** Endpoint writes one account makes (each may resolve a host name): a burst of changes, not a loop. */
const WRITES_PER_ACCOUNT: LimitRule = { name: 'webhook-write', points: 60, windowSec: 60 * 60 };
/** Resends one account asks for: enough to replay a day of one endpoint by hand. */
const RESENDS_PER_ACCOUNT: LimitRule = { name: 'webhook-resend', points: 300, windowSec: 60 * 60 };

const tags = ['Webhooks'];
// Session only (docs/decisions/0029-api-keys.md: no key declaration): where guests' data is sent is the account's own decision.
const guarded = { middleware: requireUser, tags, security: signedIn };
const ZId = z.object({ id: zUuid(MSG_ENDPOINT_NOT_FOUND) });
const ZDeliveryParams = z.object({ id: zUuid(MSG_ENDPOINT_NOT_FOUND), deliveryId: z.string().max(40, MSG_DELIVERY_NOT_FOUND) });
const base = '/api/account/webhooks';

const listRoute = createRoute({
  method: 'get',
  path: base,
  summary: "The signed-in user's webhook endpoints, newest first (never their secrets)",
  ...guarded,
  responses: { 200: json('Endpoints', ZWebhookEndpointList), ...errors(401, 403) },
});
const createEndpointRoute = createRoute({
  method: 'post',
  path: base,
  summary: 'Register a webhook endpoint: its signing secret is in this answer only',
  description:
    'For one event you own (`event_id`) or all of them. Messages are signed following Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`); their bodies are under `webhooks` in this document. In production an address on a private, loopback, link-local or metadata network is refused.',
  ...guarded,
  request: jsonBody(ZWebhookCreate),
  responses: { 201: json('The endpoint and its secret', ZWebhookWithSecret), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
});
const updateRoute = createRoute({
  method: 'patch',
  path: `${base}/{id}`,
  summary: 'Change an endpoint, or pause or resume it',
  ...guarded,
  request: { params: ZId, ...jsonBody(ZWebhookUpdate) },
  responses: { 200: json('The endpoint', ZWebhookEndpointAnswer), ...errors(400, 401, 403, 404, 413, 415, 429) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: `${base}/{id}`,
  summary: 'Delete an endpoint and its delivery log',
  ...guarded,
  request: { params: ZId },
  responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404) },
});
const rotateRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/rotate-secret`,
  summary: 'A new signing secret; the old one keeps signing beside it for 24 hours',
  ...guarded,
  request: { params: ZId },
  responses: { 200: json('The endpoint and its new secret', ZWebhookWithSecret), ...errors(401, 403, 404, 429) },
});
const deliveriesRoute = createRoute({
  method: 'get',
  path: `${base}/{id}/deliveries`,
  summary: "The endpoint's latest 100 messages and what became of each",
  ...guarded,
  request: { params: ZId },
  responses: { 200: json('Deliveries', ZWebhookDeliveryList), ...errors(401, 403, 404) },
});
const resendRoute = createRoute({
  method: 'post',
  path: `${base}/{id}/deliveries/{deliveryId}/resend`,
  summary: 'Send one message again, with its id and body',
  ...guarded,
  request: { params: ZDeliveryParams },
  responses: { 202: json('The delivery, queued again', ZWebhookDeliveryAnswer), ...errors(401, 403, 404, 429) },
});

const depsOf = (c: Context<AppEnv>): WebhookDeps => ({
  db: c.var.deps.db,
  encryptionKey: c.var.deps.env.ENCRYPTION_KEY,
  allowPrivate: c.var.deps.env.WEBHOOKS_ALLOW_PRIVATE,
});

/** /api/account/webhooks (docs/product.md#webhooks): a session only, never a key. */
export function webhooksRoutes() {
  const r = createRouter();
  r.openapi(listRoute, async (c) => c.json({ endpoints: await listWebhookEndpoints(c.var.deps.db, currentUser(c).id) }, 200));
  r.openapi(createEndpointRoute, async (c) => {
    const user = currentUser(c);
    await enforce(c, WRITES_PER_ACCOUNT, user.id);
    return c.json(await createWebhookEndpoint(depsOf(c), user.id, c.req.valid('json')), 201);
  });
  r.openapi(updateRoute, async (c) => {
    const user = currentUser(c);
    await enforce(c, WRITES_PER_ACCOUNT, user.id);
    return c.json({ endpoint: await updateWebhookEndpoint(depsOf(c), user.id, c.req.valid('param').id, c.req.valid('json')) }, 200);
  });
  r.openapi(deleteRoute, async (c) => {
    await deleteWebhookEndpoint(c.var.deps.db, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });
  r.openapi(rotateRoute, async (c) => {
    const user = currentUser(c);
    await enforce(c, WRITES_PER_ACCOUNT, user.id);
    return c.json(await rotateWebhookSecret(depsOf(c), user.id, c.req.valid('param').id), 200);
  });
  r.openapi(deliveriesRoute, async (c) =>
    c.json({ deliveries: await listWebhookDeliveries(c.var.deps.db, currentUser(c).id, c.req.valid('param').id) }, 200),
  );
  r.openapi(resendRoute, async (c) => {
    const user = currentUser(c);
    await enforce(c, RESENDS_PER_ACCOUNT, user.id);
    const { id, deliveryId } = c.req.valid('param');
    return c.json({ delivery: await resendWebhookDelivery(c.var.deps.db, user.id, id, deliveryId) }, 202);
  });
  return r;
}

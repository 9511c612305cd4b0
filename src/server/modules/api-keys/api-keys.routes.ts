import { createRoute, z } from '@hono/zod-openapi';
import { ZApiKeyCreate, ZApiKeyCreated, ZApiKeyList } from '../../../common/schemas/api-keys.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { enforce, type LimitRule } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { createApiKey, listApiKeys, MSG_KEY_NOT_FOUND, revokeApiKey } from './api-keys.ts';

/** Keys one account makes: each is a secret that works until revoked. */
const CREATES_PER_ACCOUNT: LimitRule = { name: 'api-key-create', points: 20, windowSec: 60 * 60 };

const tags = ['API keys'];
const guarded = { middleware: requireUser, tags, security: signedIn };
const ZId = z.object({ id: zUuid(MSG_KEY_NOT_FOUND) });

const listRoute = createRoute({
  method: 'get',
  path: '/api/account/api-keys',
  summary: "The signed-in user's API keys that still work, newest first (never their secrets)",
  ...guarded,
  responses: { 200: json('Keys', ZApiKeyList), ...errors(401, 403) },
});
const createKeyRoute = createRoute({
  method: 'post',
  path: '/api/account/api-keys',
  summary: 'Make an API key: its secret is in this answer only',
  description: 'Send it as `Authorization: Bearer trn_…`. Only a signed-in session can make, list or revoke keys.',
  ...guarded,
  request: jsonBody(ZApiKeyCreate),
  responses: { 201: json('The key and its secret', ZApiKeyCreated), ...errors(400, 401, 403, 409, 413, 415, 429) },
});
const revokeRoute = createRoute({
  method: 'delete',
  path: '/api/account/api-keys/{id}',
  summary: 'Revoke an API key: its next request is refused',
  ...guarded,
  request: { params: ZId },
  responses: { 204: { description: 'Revoked' }, ...errors(401, 403, 404) },
});

/** /api/account/api-keys (docs/product.md#api-keys): a session only, never a key. */
export function apiKeysRoutes() {
  const r = createRouter();
  r.openapi(listRoute, async (c) => c.json({ keys: await listApiKeys(c.var.deps.db, currentUser(c).id) }, 200));
  r.openapi(createKeyRoute, async (c) => {
    const user = currentUser(c);
    await enforce(c, CREATES_PER_ACCOUNT, user.id);
    return c.json(await createApiKey(c.var.deps.db, user, c.req.valid('json')), 201);
  });
  r.openapi(revokeRoute, async (c) => {
    await revokeApiKey(c.var.deps.db, currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return r;
}

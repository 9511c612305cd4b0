import { createRoute, z } from '@hono/zod-openapi';
import { ZOwnerSetup } from '../../../common/schemas/auth.ts';
import { type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { createOwner, needsOwner } from './create-owner.ts';

const OWNER_SETUP: LimitRule = { name: 'setup', points: 10, windowSec: 60 };

const getSetup = createRoute({
  method: 'get',
  path: '/',
  responses: {
    200: {
      description: 'Whether the owner account still has to be created',
      content: { 'application/json': { schema: z.object({ needsOwner: z.boolean() }) } },
    },
  },
});

const postOwner = createRoute({
  method: 'post',
  path: '/owner',
  middleware: [rateLimitByIp(OWNER_SETUP)] as const,
  request: { body: { content: { 'application/json': { schema: ZOwnerSetup } }, required: true } },
  responses: { 200: { description: 'Owner created and signed in' } },
});

export function setupRoutes() {
  const r = createRouter();
  r.openapi(getSetup, async (c) => c.json({ needsOwner: await needsOwner(c.var.deps.db) }, 200));
  r.openapi(postOwner, async (c) => {
    const body = c.req.valid('json');
    const { db, auth } = c.var.deps;
    const owner = await createOwner({ db, auth, ...body });
    c.var.log.info({ userId: owner.id }, 'owner account created');
    // Sign the new owner in straight away: Better Auth sets the session cookie on this response.
    return auth.api.signInEmail({ body: { email: body.email, password: body.password }, headers: c.req.raw.headers, asResponse: true });
  });
  return r;
}

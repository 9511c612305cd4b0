import { createRoute } from '@hono/zod-openapi';
import { ZOwnerSetup } from '../../../common/schemas/auth.ts';
import { ZSetupState, ZSignInResult } from '../../../common/schemas/auth.responses.ts';
import { signInAnswer } from '../../auth/sign-in-answer.ts';
import { errors, json, jsonBody } from '../../http/openapi.ts';
import { type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { createOwner, needsOwner } from './create-owner.ts';

export const OWNER_SETUP: LimitRule = { name: 'setup', points: 10, windowSec: 60 };

const tags = ['Setup'];

const getSetup = createRoute({
  method: 'get',
  path: '/',
  summary: 'Whether the owner account still has to be created',
  tags,
  responses: { 200: json('Whether the owner account still has to be created', ZSetupState), ...errors() },
});

const postOwner = createRoute({
  method: 'post',
  path: '/owner',
  middleware: [rateLimitByIp(OWNER_SETUP)] as const,
  summary: 'Create the owner account (once) and sign it in',
  tags,
  request: jsonBody(ZOwnerSetup),
  responses: {
    200: json('Owner created and signed in (the session cookie is set)', ZSignInResult),
    ...errors(400, 403, 409, 413, 415, 429),
  },
});

export function setupRoutes() {
  const r = createRouter();
  r.openapi(getSetup, async (c) => c.json({ needsOwner: await needsOwner(c.var.deps.db) }, 200));
  r.openapi(postOwner, async (c) => {
    const body = c.req.valid('json');
    const { db, auth } = c.var.deps;
    const owner = await createOwner({ db, auth, ...body });
    c.var.log.info({ userId: owner.id }, 'owner account created');
    // Sign the new owner in straight away: Better Auth's session cookie is set on this response.
    return c.json(await signInAnswer({ c, email: body.email, password: body.password }), 200);
  });
  return r;
}

import { createRoute, z } from '@hono/zod-openapi';
import { ZInvitationToken } from '../../../common/schemas/events.ts';
import { ZAcceptInvitation } from '../../../common/schemas/auth.ts';
import { ZInvitation } from '../../../common/schemas/events.responses.ts';
import { ZSignInResult } from '../../../common/schemas/auth.responses.ts';
import { signInAnswer } from '../../auth/sign-in-answer.ts';
import { type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { errors, json, jsonBody } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { getInvitation } from './find-invitation.ts';

export const INVITATIONS: LimitRule = { name: 'invitation', points: 30, windowSec: 60 };

const tags = ['Invitations'];

const getRoute = createRoute({
  method: 'get',
  path: '/{token}',
  middleware: [rateLimitByIp(INVITATIONS)] as const,
  summary: 'Read a co-host invitation: who it is for',
  tags,
  request: { params: z.object({ token: ZInvitationToken }) },
  responses: { 200: json('Who the invitation is for', ZInvitation), ...errors(400, 404, 410, 429) },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/accept',
  middleware: [rateLimitByIp(INVITATIONS)] as const,
  summary: 'Accept a co-host invitation: creates the account and signs it in',
  tags,
  request: jsonBody(ZAcceptInvitation),
  responses: {
    200: json('Account created and signed in (the session cookie is set)', ZSignInResult),
    ...errors(400, 403, 404, 410, 413, 415, 429),
  },
});

/** /api/invitations: co-host sign-up links (public; the token is the credential). */
export function invitationsRoutes() {
  const r = createRouter();
  r.openapi(acceptRoute, async (c) => {
    const body = c.req.valid('json');
    const { db, auth } = c.var.deps;
    const { email } = await acceptInvitation({ db, auth, log: c.var.log, ...body });
    // Signed in straight away: Better Auth's session cookie is set on this response.
    return c.json(await signInAnswer({ c, email, password: body.password }), 200);
  });
  r.openapi(getRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getInvitation({ db: c.var.deps.db, token: c.req.valid('param').token }), 200);
  });
  return r;
}

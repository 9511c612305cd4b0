import { createRoute, z } from '@hono/zod-openapi';
import { ZAcceptInvitation, ZInvitationToken } from '../../../common/schemas/events.ts';
import { type LimitRule, rateLimitByIp } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { getInvitation } from './find-invitation.ts';

const INVITATIONS: LimitRule = { name: 'invitation', points: 30, windowSec: 60 };

const getRoute = createRoute({
  method: 'get',
  path: '/{token}',
  middleware: [rateLimitByIp(INVITATIONS)] as const,
  request: { params: z.object({ token: ZInvitationToken }) },
  responses: { 200: { description: 'Who the invitation is for' } },
});

const acceptRoute = createRoute({
  method: 'post',
  path: '/accept',
  middleware: [rateLimitByIp(INVITATIONS)] as const,
  request: { body: { content: { 'application/json': { schema: ZAcceptInvitation } }, required: true } },
  responses: { 200: { description: 'Account created and signed in' } },
});

/** /api/invitations: co-host sign-up links (public; the token is the credential). */
export function invitationsRoutes() {
  const r = createRouter();
  r.openapi(acceptRoute, async (c) => {
    const body = c.req.valid('json');
    const { db, auth } = c.var.deps;
    const { email } = await acceptInvitation({ db, auth, log: c.var.log, ...body });
    // Signed in straight away: Better Auth sets the session cookie on this response.
    return auth.api.signInEmail({ body: { email, password: body.password }, headers: c.req.raw.headers, asResponse: true });
  });
  r.openapi(getRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getInvitation({ db: c.var.deps.db, token: c.req.valid('param').token }), 200);
  });
  return r;
}

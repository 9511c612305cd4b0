import { ZChangeEmail, ZChangePassword, ZResetPassword, ZSignIn, ZUpdateUser } from '../../common/schemas/auth.ts';
import { ZSession, ZSignInResult, ZSignOutResult } from '../../common/schemas/auth.responses.ts';
import { errors, json, jsonBody, signedIn } from '../http/openapi.ts';
import { type LimitRule, rateLimitByIp } from '../http/rate-limit.ts';
import { createRouter } from '../http/validation.ts';
import { betterAuthError } from './better-auth-error.ts';
import { checkAuthBody } from './check-auth-body.ts';
import { passwordCheckGuard, recoveryGuard, resetGuard, twoFactorGuard } from './account-guard.ts';
import { getSessionWithMaxAge } from './session-lifetime.ts';
import { describeAccountPaths } from './account.openapi.ts';
import { signInGuard } from './sign-in-guard.ts';

/** Headers of a Better Auth error answer that its rewrite in our shape keeps. */
const KEPT_HEADERS = ['retry-after', 'www-authenticate'];

/** Every state-changing /api/auth request from one address but sign-in, which has its own (SIGN_IN_LIMITS). */
export const AUTH_LIMITS = {
  perIp: { name: 'auth-ip', points: 30, windowSec: 60 },
} as const satisfies Record<string, LimitRule>;

const limitAuthWrites = rateLimitByIp(AUTH_LIMITS.perIp);

/**
 * Better Auth's endpoints under /api/auth, with our rate limits and body checks in front
 * (docs/decisions/0009-shared-rate-limits.md): every JSON body's text follows the app's rule, sign-in's
 * body is checked by the SPA's schema.
 * Its successful answers pass through untouched (cookies!); every error answer is rewritten into
 * `{"error":{code,message,fields?}}` with the same status, Set-Cookie and Retry-After.
 */
export function authRoutes() {
  const r = createRouter();
  // Sign-out, revoked sessions, a new password or e-mail: the door's session cache (requireUserCached)
  // forgets everyone once the request is done. Only reading the session leaves it.
  r.use('/*', async (c, next) => {
    try {
      await next();
    } finally {
      if (!(c.req.method === 'GET' && c.req.path === '/api/auth/get-session')) c.var.deps.caches.sessions.clear();
    }
  });
  r.post('/*', (c, next) => (c.req.path.startsWith('/api/auth/sign-in/') ? next() : limitAuthWrites(c, next)));
  r.post('/change-password', passwordCheckGuard);
  for (const path of ['/two-factor/enable', '/two-factor/disable', '/two-factor/get-totp-uri', '/two-factor/generate-backup-codes']) {
    r.post(path, passwordCheckGuard);
  }
  r.post('/two-factor/verify-totp', twoFactorGuard);
  r.post('/two-factor/verify-backup-code', twoFactorGuard);
  r.post(
    '/*',
    checkAuthBody({
      '/update-user': ZUpdateUser,
      '/reset-password': ZResetPassword,
      '/change-password': ZChangePassword,
      '/change-email': ZChangeEmail,
    }),
  );
  r.post('/sign-in/*', signInGuard());
  r.post('/request-password-reset', recoveryGuard());
  r.post('/reset-password', resetGuard);
  r.get('/get-session', getSessionWithMaxAge);
  r.on(['GET', 'POST'], '/*', async (c) => {
    const res = await c.var.deps.auth.handler(c.req.raw);
    if (res.status < 400) return res;
    for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name);
      if (value) c.header(name, value);
    }
    throw await betterAuthError(res, c.req.path.slice('/api/auth'.length));
  });
  describeAuthPaths(r);
  describeAccountPaths(r);
  return r;
}

/** The Better Auth endpoints the web app uses, described for /api/openapi.json (Better Auth serves them). */
function describeAuthPaths(r: ReturnType<typeof createRouter>) {
  const tags = ['Accounts'];
  r.openAPIRegistry.registerPath({
    method: 'post',
    path: '/sign-in/email',
    summary: 'Sign in with e-mail and password: sets the session cookie',
    tags,
    request: jsonBody(ZSignIn),
    responses: {
      200: json('Signed in (Set-Cookie: the session)', ZSignInResult),
      ...errors(400, 401, 403, 413, 415, 429),
    },
  });
  r.openAPIRegistry.registerPath({
    method: 'post',
    path: '/sign-out',
    summary: 'Sign out: ends the session and clears its cookie',
    tags,
    security: signedIn,
    request: { body: { content: { 'application/json': { schema: { type: 'object' } } }, description: 'An empty object' } },
    responses: { 200: json('Signed out', ZSignOutResult), ...errors(403) },
  });
  r.openAPIRegistry.registerPath({
    method: 'get',
    path: '/get-session',
    summary: 'The current session and its user (null when signed out)',
    tags,
    security: signedIn,
    responses: { 200: json('The session, or null', ZSession), ...errors() },
  });
}

import type { Context, MiddlewareHandler } from 'hono';
import { ZChangeEmail, ZChangePassword, ZResetPassword, ZSignIn, ZUpdateUser } from '../../common/schemas/auth.ts';
import { ZSession, ZSignInResult, ZSignOutResult } from '../../common/schemas/auth.responses.ts';
import { notFound } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { errors, json, jsonBody, signedIn } from '../http/openapi.ts';
import { type LimitRule, rateLimitByIp } from '../http/rate-limit.ts';
import { createRouter } from '../http/validation.ts';
import { betterAuthError } from './better-auth-error.ts';
import { checkAuthBody } from './check-auth-body.ts';
import { changeEmailGuard, verifyEmailGuard } from './email-change-guard.ts';
import { passwordCheckGuard, recoveryGuard, resetGuard, twoFactorGuard } from './account-guard.ts';
import { getSessionWithMaxAge } from './session-lifetime.ts';
import { describeAccountPaths } from './account.openapi.ts';
import { signInGuard } from './sign-in-guard.ts';

/** Headers of a Better Auth error answer that its rewrite in our shape keeps. */
const KEPT_HEADERS = ['retry-after', 'www-authenticate'];

/** Every state-changing /api/auth request from one address but sign-in, which has its own (SIGN_IN_LIMITS). */
export const AUTH_LIMITS = {
  perIp: { name: 'auth-ip', points: 30, windowSec: 60 },
  /** Reading the session and the list of sessions (every page asks): generous, but not unlimited. */
  readsPerIp: { name: 'auth-read-ip', points: 600, windowSec: 60 },
} as const satisfies Record<string, LimitRule>;

const limitAuthWrites = rateLimitByIp(AUTH_LIMITS.perIp);
const limitAuthReads = rateLimitByIp(AUTH_LIMITS.readsPerIp);

/** One Better Auth endpoint the app forwards, with what runs in front of it, in order. */
type AuthEndpoint = {
  method: 'GET' | 'POST';
  /** Under /api/auth. */
  path: string;
  guards: MiddlewareHandler<AppEnv>[];
  /** Checks the account's password: behind the per-account guess limit (ADR 0009, 0018). */
  checksPassword?: true;
  /** Instead of forwarding as is. */
  handler?: (c: Context<AppEnv>) => Promise<Response>;
};

/**
 * The only Better Auth endpoints reachable (docs/decisions/0018-accounts.md): those src/web calls and
 * the one an e-mailed link opens (verify-email, the new address's confirmation). Every other path under
 * /api/auth — Better Auth's verify-password, send-verification-email, delete-user, sign-up… — answers 404.
 * Every endpoint that checks the password is limited per account: sign-in by signInGuard, the others
 * by passwordCheckGuard.
 */
export function authEndpoints(): AuthEndpoint[] {
  const body = checkAuthBody({
    '/update-user': ZUpdateUser,
    '/reset-password': ZResetPassword,
    '/change-password': ZChangePassword,
    '/change-email': ZChangeEmail,
  });
  const write = (path: string, ...guards: MiddlewareHandler<AppEnv>[]): AuthEndpoint => ({
    method: 'POST',
    path,
    guards: [limitAuthWrites, body, ...guards],
  });
  const passwordCheck = (path: string): AuthEndpoint => ({
    method: 'POST',
    path,
    guards: [limitAuthWrites, passwordCheckGuard, body],
    checksPassword: true,
  });
  const secondFactor = (path: string): AuthEndpoint => ({ method: 'POST', path, guards: [limitAuthWrites, twoFactorGuard, body] });
  return [
    { method: 'GET', path: '/get-session', guards: [limitAuthReads], handler: getSessionWithMaxAge },
    { method: 'GET', path: '/list-sessions', guards: [limitAuthReads] },
    { method: 'GET', path: '/verify-email', guards: [limitAuthWrites, verifyEmailGuard] },
    { method: 'POST', path: '/sign-in/email', guards: [body, signInGuard()], checksPassword: true },
    secondFactor('/two-factor/verify-totp'),
    secondFactor('/two-factor/verify-backup-code'),
    write('/sign-out'),
    write('/request-password-reset', recoveryGuard()),
    write('/reset-password', resetGuard),
    write('/update-user'),
    write('/change-email', changeEmailGuard),
    passwordCheck('/change-password'),
    write('/revoke-session'),
    write('/revoke-other-sessions'),
    passwordCheck('/two-factor/enable'),
    passwordCheck('/two-factor/disable'),
  ];
}

/** Better Auth's answer: a success passes through untouched (cookies!), an error is rewritten in our shape. */
async function forward(c: Context<AppEnv>): Promise<Response> {
  const res = await c.var.deps.auth.handler(c.req.raw);
  if (res.status < 400) return res;
  for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  for (const name of KEPT_HEADERS) {
    const value = res.headers.get(name);
    if (value) c.header(name, value);
  }
  throw await betterAuthError(res, c.req.path.slice('/api/auth'.length));
}

/**
 * The listed Better Auth endpoints under /api/auth, with our rate limits and body checks in front
 * (docs/decisions/0009-shared-rate-limits.md): every JSON body's text follows the app's text rule, sign-in's
 * body is checked by the SPA's schema.
 * Its successful answers pass through untouched (cookies!); every error answer is rewritten into
 * `{"error":{code,message,fields?}}` with the same status, Set-Cookie and Retry-After. Any other path
 * falls through to the app's 404.
 */
export function authRoutes() {
  const r = createRouter();
  // Sign-out, revoked sessions, a new password or e-mail, two-factor on or off: the session cache of every
  // signed-in route (loadUser, ADR 0039) forgets everyone once the request is done. Only reading the session leaves it.
  r.use('/*', async (c, next) => {
    try {
      await next();
    } finally {
      if (!(c.req.method === 'GET' && c.req.path === '/api/auth/get-session')) c.var.deps.caches.sessions.clear();
    }
  });
  for (const e of authEndpoints()) {
    const target = `/api/auth${e.path}`;
    // Better Auth routes on the raw URL: one spelt otherwise (percent-encoded…) reaches nothing.
    const exact: MiddlewareHandler<AppEnv> = async (c, next) => {
      if (new URL(c.req.url).pathname !== target) throw notFound('No such API endpoint.');
      await next();
    };
    r.on(e.method, e.path, exact, ...e.guards, e.handler ?? forward);
  }
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

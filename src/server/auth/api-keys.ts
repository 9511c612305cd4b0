import { createHash, randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../common/schemas/api-keys.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/context.ts';
import { API_KEY_SCHEME } from '../http/openapi.ts';
import type { LimitRule } from '../http/rate-limit.ts';

/** What every key starts with: a secret scanner (or a person) can tell a Turnout key when one leaks. */
export const API_KEY_PREFIX = 'trn_';
/** Characters of the key shown in the list to tell keys apart: the prefix and 6 of its 43 random ones. */
const SHOWN_CHARS = API_KEY_PREFIX.length + 6;

export const API_KEY_LIMITS = {
  /** Requests per key: generous for an integration, a ceiling for a leaked key. */
  perKey: { name: 'api-key', points: 1200, windowSec: 60 } satisfies LimitRule,
  /** Unknown, revoked or expired keys per client address. */
  failuresPerClient: { name: 'api-key-failures', points: 30, windowSec: 600 } satisfies LimitRule,
};

/** A new key: the secret (shown once), the hash stored, and the part shown in the list. */
export function newApiKey(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiKey(secret), prefix: secret.slice(0, SHOWN_CHARS) };
}

export const hashApiKey = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** METHOD + Hono path → the scope its declaration allows keys, from every route's OpenAPI `security`. */
export type KeyScopes = Map<string, ApiKeyScope>;

/** The scopes the routes declare (`signedInOrKey` in http/openapi.ts), read once from the app's registry. */
export function keyScopesOf(registry: OpenAPIHono['openAPIRegistry']): KeyScopes {
  const scopes: KeyScopes = new Map();
  for (const def of registry.definitions) {
    if (def.type !== 'route') continue;
    const scope = def.route.security?.flatMap((s) => s[API_KEY_SCHEME] ?? [])[0];
    if (!scope) continue;
    if (!(API_KEY_SCOPES as readonly string[]).includes(scope)) throw new Error(`Unknown API key scope ${scope} on ${def.route.path}`);
    scopes.set(`${def.route.method.toUpperCase()} ${def.route.path.replace(/\{(\w+)\}/g, ':$1')}`, scope as ApiKeyScope);
  }
  return scopes;
}

type KeyRow = { id: string; scopes: ApiKeyScope[]; user_id: string; email: string; name: string; role: string; two_factor: boolean };

/**
 * The live key with this hash and its account (not revoked, not expired, account not deactivated), its
 * last use noted in the same statement (at most once a minute, so a busy key does not write per request).
 */
async function findKey(db: Db, hash: string): Promise<KeyRow | undefined> {
  const { rows } = await db.execute<KeyRow>(sql`
    with k as (
      select k.id, k.scopes, u.id as user_id, u.email, u.name, u.role, u.two_factor_enabled as two_factor, k.last_used_at
      from api_keys k join "user" u on u.id = k.user_id
      where k.secret_hash = ${hash} and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
        and u.deactivated_at is null
    ), touched as (
      update api_keys set last_used_at = now()
      where id = (select id from k) and (last_used_at is null or last_used_at < now() - interval '1 minute')
    )
    select id, scopes, user_id, email, name, role, two_factor from k`);
  return rows[0];
}

const notAllowed = (message: string) => new AppError('api_key_not_allowed', message);

/**
 * `Authorization: Bearer <key>` on /api (docs/decisions/0029-api-keys.md): the request acts as the key's
 * account on the routes whose declaration names the key's scope, and nowhere else. It then carries no
 * session (the cookie is not read) and no CSRF rule applies (http/same-origin.ts): nothing a browser sends
 * by itself authenticates it. Requests without a `Bearer trn_…` header are untouched.
 */
export function apiKeyAuth(scopes: () => KeyScopes): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Only our own keys: another scheme or token (a proxy's Basic auth, say) is left alone, as before keys existed.
    const secret = /^Bearer +(trn_\S*)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (secret === undefined) return next();
    // The route that will answer: the first matched that is neither a middleware (app.use registers ALL) nor a catch-all.
    const endpoint = matchedRoutes(c).find((r) => r.method !== 'ALL' && !r.path.endsWith('*'));
    if (!endpoint) return next(); // no such route: its 404
    const scope = scopes().get(`${endpoint.method} ${endpoint.path}`);
    if (!scope) throw notAllowed('This endpoint needs a signed-in session: API keys cannot use it.');
    const { limits, deps } = c.var;
    const ip = clientIp(c);
    const key = await findKey(deps.db, hashApiKey(secret));
    if (!key) {
      await limits.consume(API_KEY_LIMITS.failuresPerClient, ip);
      throw new AppError('unauthenticated', 'This API key is unknown, revoked or expired.', undefined, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    if (!key.scopes.includes(scope)) throw notAllowed(`This API key may not do this: it needs the "${scope}" scope.`);
    await limits.consume(API_KEY_LIMITS.perKey, key.id);
    c.set('apiKey', { id: key.id, scopes: key.scopes });
    c.set('user', { id: key.user_id, email: key.email, name: key.name, role: key.role, twoFactorEnabled: key.two_factor });
    await next();
  };
}

import type { Context } from 'hono';
import type { TSignInResult } from '../../common/schemas/auth.responses.ts';
import type { AppEnv } from '../http/context.ts';
import { betterAuthError } from './better-auth-error.ts';

export type SignInAnswerOptions = { c: Context<AppEnv>; email: string; password: string };

/**
 * Signs a just-created account in (owner setup, accepted invitation): Better Auth's session cookies
 * are set on this response and its answer is returned for the route's `c.json` (ZSignInResult).
 * A refusal is an error in the app's shape, like every /api/auth answer.
 */
export async function signInAnswer({ c, email, password }: SignInAnswerOptions): Promise<TSignInResult> {
  const res = await c.var.deps.auth.api.signInEmail({ body: { email, password }, headers: c.req.raw.headers, asResponse: true });
  if (!res.ok) throw await betterAuthError(res);
  for (const cookie of res.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  return (await res.json()) as TSignInResult;
}

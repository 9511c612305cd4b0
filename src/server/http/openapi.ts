import type { z } from 'zod';
import type { ApiKeyScope } from '../../common/schemas/api-keys.ts';
import { ZErrorBody } from '../../common/schemas/responses.ts';

/**
 * Pieces of every route declaration (createRoute): request bodies, answers and the error answers,
 * so each route states its contract in a few lines and /api/openapi.json describes all of them alike.
 */

/** The security scheme of the signed-in routes: Better Auth's session cookie. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
export const signedIn = [{ [SESSION_COOKIE_SCHEME]: [] }];

/** The security scheme of API keys (`Authorization: Bearer trn_…`, docs/decisions/0029-api-keys.md). */
export const API_KEY_SCHEME = 'apiKey';
/**
 * A signed-in route that an API key with `scope` may call too. The route's declaration is the one place
 * that says so: the key check reads it from the registry (auth/api-keys.ts), and /api/docs shows it.
 */
export const signedInOrKey = (scope: ApiKeyScope): Record<string, string[]>[] => [
  { [SESSION_COOKIE_SCHEME]: [] },
  { [API_KEY_SCHEME]: [scope] },
];

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T, description?: string) => ({
  body: { content: { 'application/json': { schema } }, required: true, ...(description ? { description } : {}) },
});

/** A JSON answer. */
export const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

const ERRORS = {
  400: 'Invalid input: `fields` names each field and what is wrong with it',
  401: 'Not signed in',
  403: 'Not allowed (a write from another origin, an action the role may not take, or an API key without the scope)',
  404: 'Not found, or not yours',
  409: 'Conflicts with the current state',
  410: 'Expired',
  413: 'The request body is too large',
  415: 'Wrong content type',
  422: 'Not available for this event',
  429: 'Too many requests: see Retry-After',
  500: 'A bug: the message carries the request id',
  502: 'The payment provider refused or could not be reached',
  503: 'The database is briefly unavailable: see Retry-After',
} as const;
type ErrorStatus = keyof typeof ERRORS;

type ErrorAnswer = { description: string; content: { 'application/json': { schema: typeof ZErrorBody } } };

/** The error answers a route can give, in the app's error shape; 500 and 503 are always among them. */
export function errors<const S extends readonly ErrorStatus[]>(...statuses: S): { [K in S[number] | 500 | 503]: ErrorAnswer } {
  const out: Partial<Record<ErrorStatus, ErrorAnswer>> = {};
  for (const status of [...statuses, 500, 503] as ErrorStatus[]) out[status] = json(ERRORS[status], ZErrorBody);
  return out as { [K in S[number] | 500 | 503]: ErrorAnswer };
}

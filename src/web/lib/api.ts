import { MSG } from '../../common/messages.ts';

/** The server's error shape: `{"error":{"code","message","fields"?}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

/** fetch for our JSON API: same-origin cookies, JSON in and out, ApiError on any non-2xx. */
export async function api<T>(path: string, { method = 'GET', body, signal, headers = {} }: Options = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  const text = await res.text();
  const data = text ? safeJson(text) : null;
  if (!res.ok) {
    const error = apiErrorOf(res.status, data);
    if (error.code === 'unauthenticated') unauthenticatedHandler?.(error);
    throw error;
  }
  return data as T;
}

let unauthenticatedHandler: ((error: ApiError) => void) | undefined;

/** Called on every 401 `unauthenticated` answer (lib/session-sync.ts: 'Session expired' while signed in). */
export function onUnauthenticated(handler: (error: ApiError) => void) {
  unauthenticatedHandler = handler;
}

/** The request never got an answer (offline, DNS, connection reset). */
export const networkError = () => new ApiError(0, 'network', MSG.networkError);

/**
 * The ApiError of a non-2xx answer. Every API error, /api/auth/* included, is in our shape; anything
 * else (a proxy's page) is not read and gets the code `http_error`.
 */
export function apiErrorOf(status: number, data: unknown): ApiError {
  const e = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
  return new ApiError(status, e?.code ?? 'http_error', e?.message ?? `Request failed (${status})`, e?.fields);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

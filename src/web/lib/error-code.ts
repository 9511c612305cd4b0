import type { ErrorCode } from '../../common/error-codes.ts';
import { ApiError } from './api.ts';

/**
 * What went wrong, as the browser knows it: the server's error code (src/common/error-codes.ts),
 * `network` when the server could not be reached, `http_error` for an answer not in our error shape
 * (a proxy's page) and `unknown` for anything that is not an API error at all. Screens branch on
 * this, never on HTTP statuses; what to tell people is lib/user-message.ts.
 */
export type ClientErrorCode = ErrorCode | 'network' | 'http_error' | 'unknown';

export function errorCode(error: unknown): ClientErrorCode {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error.status === 503 && error.code === 'http_error') return 'unavailable';
  return error.code as ClientErrorCode;
}

/** Failures a later try may get past: the network, the server being down or broken. */
export function isRetryable(error: unknown): boolean {
  const code = errorCode(error);
  return (
    code === 'network' || code === 'unavailable' || code === 'internal' || (code === 'http_error' && (error as ApiError).status >= 500)
  );
}

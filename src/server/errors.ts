import { STATUS_CODES } from 'node:http';
import { inspect } from 'node:util';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '../common/error-codes.ts';

export type { ErrorCode, FieldErrors };

/**
 * A domain error: use cases throw it, the app maps it to `{"error":{code,message,fields?}}`.
 * `status` overrides the code's own only for an outside status with no code of ours (errorForStatus).
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
    status?: ContentfulStatusCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status ?? ERROR_STATUS[code];
  }
}

/** Something thrown that is not an Error (a library's plain object, a string): carried to the error handler as one. */
export class ThrownValue extends Error {
  constructor(readonly value: unknown) {
    super(
      `A non-Error value was thrown: ${inspect(value, { depth: 2, breakLength: Number.POSITIVE_INFINITY, maxStringLength: 200, maxArrayLength: 10 })}`,
    );
    this.name = 'ThrownValue';
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);

export const malformedJson = () => new AppError('bad_request', 'The request body is not valid JSON.', { body: 'must be valid JSON' });

/** Seconds a client should wait before retrying while the database is away (a restart takes about as long). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** The database connection failed or went away (db/connection-errors.ts): the request was fine, try it again shortly. */
export const unavailable = () =>
  new AppError('unavailable', 'The service is briefly unavailable. Please try again in a few seconds.', undefined, {
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S),
  });

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** An error status chosen outside our code (Hono, Better Auth), kept as it is, with the code that fits it. */
export function errorForStatus(status: number, text?: string): AppError {
  const message = text || `${STATUS_CODES[status] ?? 'Bad Request'}.`;
  if (status >= 500 || status < 400) return new AppError('internal', message);
  const code = CODE_OF_STATUS[status];
  return code ? new AppError(code, message) : new AppError('bad_request', message, undefined, undefined, status as ContentfulStatusCode);
}

export type ErrorBody = { error: { code: string; message: string; fields?: FieldErrors; requestId?: string } };

import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type FieldErrors = Record<string, string>;

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'capacity_exceeded'
  | 'payment_not_available'
  | 'internal';

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  capacity_exceeded: 409,
  payment_not_available: 422,
  internal: 500,
};

/** A domain error: use cases throw it, the app maps it to `{"error":{code,message,fields?}}`. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);

export type ErrorBody = { error: { code: string; message: string; fields?: FieldErrors; requestId?: string } };

/**
 * The error codes of the API's error shape `{"error":{code,message,fields?}}` and the HTTP status of
 * each: the server throws them (src/server/errors.ts), the browser branches on them
 * (src/web/lib/error-code.ts). One list, so neither side can invent a code the other does not know.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  /** The owner requires two-factor sign-in to manage paid events and this user has none (docs/product.md#people). */
  two_factor_required: 403,
  /** Sign-in of a deactivated account (with the right password). */
  account_deactivated: 403,
  /** An API key on a route that needs a session, or without the scope the route needs (docs/product.md#api-keys). */
  api_key_not_allowed: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  capacity_exceeded: 409,
  /** The same server job is already queued or running: `fields.job_id` names it (docs/product.md#guest-list). */
  job_running: 409,
  event_ended: 409,
  /** Deleting an event that still has paid guests or open checkouts (docs/product.md#event-status). */
  event_has_payments: 409,
  /** The event has no waitlist, or the RSVP has no offer (any more) to claim (docs/product.md#waitlist). */
  waitlist_closed: 409,
  offer_unavailable: 409,
  /** A waitlist join while seats for the party are free: the guest answers Yes instead. */
  seats_available: 409,
  payment_not_available: 422,
  /** Unpaid checkout holds over their bound on a paid event, or Pay now re-opened too often (docs/product.md#payments). */
  hold_limit: 429,
  /** The payment provider refused or did not answer (docs/product.md#payments). */
  payment_failed: 502,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name → the first problem with it. */
export type FieldErrors = Record<string, string>;

/**
 * Stripe keys as hosts paste them (docs/product.md#payments): one owner for their shapes and what a
 * wrong one is told, shared by the event form, the Stripe account settings and the server's checks.
 */
export const PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_/;
export const SECRET_KEY_PATTERN = /^sk_(test|live)_/;

export const STRIPE_KEY_MSG = {
  publishable: 'The publishable key starts with pk_test_ or pk_live_.',
  secret: 'The secret key starts with sk_test_ or sk_live_.',
  webhook: 'The webhook signing secret starts with whsec_.',
  modeMismatch:
    'The publishable key and the secret key are of different modes: use both test keys (pk_test_, sk_test_) or both live keys (pk_live_, sk_live_).',
} as const;

/** 'test' or 'live' from a key's prefix; null for anything else. */
export function keyMode(key: string | null | undefined): 'test' | 'live' | null {
  const m = /^(?:pk|sk|rk)_(test|live)_/.exec(key ?? '');
  return m ? (m[1] as 'test' | 'live') : null;
}

/**
 * Whether a write-only secret field's value is the masked hint sent back unchanged ('sk_live_…abcd',
 * '…abcd'): it stands for the stored secret and is never stored as one.
 */
export const isMaskedHint = (v: string) => v.includes('…');

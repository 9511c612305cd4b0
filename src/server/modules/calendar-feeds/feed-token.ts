import { createHash, createHmac, randomBytes } from 'node:crypto';

/** What every feed secret starts with: a secret scanner (or a person) can tell a Turnout feed link when one leaks. */
export const FEED_TOKEN_PREFIX = 'cal_';

/**
 * A feed's secret is the HMAC of its row's random nonce under a key derived from AUTH_SECRET
 * (docs/decisions/0036-calendar-feeds.md): 256 bits nobody can guess, that the account page can show again,
 * while the table holds only its SHA-256 (found by the unique index, as API keys are: auth/api-keys.ts).
 */
export function feedToken(authSecret: string, nonce: string): string {
  const key = createHmac('sha256', authSecret).update('turnout calendar feed v1').digest();
  return `${FEED_TOKEN_PREFIX}${createHmac('sha256', key).update(nonce).digest('base64url')}`;
}

export const hashFeedToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new feed's nonce and the hash of its secret. */
export function newFeedSecret(authSecret: string): { nonce: string; hash: string } {
  const nonce = randomBytes(32).toString('base64url');
  return { nonce, hash: hashFeedToken(feedToken(authSecret, nonce)) };
}

/** A token's shape as the route accepts it: the prefix and 43 base64url characters (anything else is 404 at once). */
export const FEED_TOKEN_PATTERN = /^cal_[A-Za-z0-9_-]{43}$/;

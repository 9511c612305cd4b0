import type { LimitRule } from '../../http/rate-limit.ts';

/**
 * Code guesses per client network (docs/decisions/0033-promo-codes-and-charges.md): the page's check and an order
 * naming a code both spend from it, so a stranger gets a few dozen guesses an hour, not a dictionary.
 */
export const PROMO_LOOKUP_LIMIT = { name: 'promo-ip', points: 20, windowSec: 10 * 60 } as const satisfies LimitRule;

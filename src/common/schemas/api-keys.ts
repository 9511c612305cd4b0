import { z } from 'zod';
import { dateTime, id } from './responses.ts';
import { zText } from './text.ts';

/**
 * What an API key may do (docs/product.md#api-keys, docs/decisions/0029-api-keys.md). Each API route an
 * integration may call names one scope in its OpenAPI `security`; every other route needs a session.
 */
export const API_KEY_SCOPES = ['events:read', 'events:write', 'guests:read', 'guests:write', 'checkin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The account page's words for each scope. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; help: string }> = {
  'events:read': { label: 'Read events', help: 'Your events, their questions and team, the dashboard totals' },
  'events:write': { label: 'Write events', help: 'Create, change and delete events and their questions (not payment settings)' },
  'guests:read': { label: 'Read guests', help: 'Guest lists, one guest, the CSV export' },
  'guests:write': { label: 'Write guests', help: "Change or remove guests, send or renew a guest's ticket, move the waitlist" },
  checkin: { label: 'Check-in', help: 'Scan, search, admit and undo at the door; live counts' },
};

export const API_KEY_NAME_MAX = 80;
/** Active keys per account: enough for every integration, few enough to review. */
export const API_KEYS_PER_ACCOUNT = 25;
export const API_KEY_MAX_DAYS = 3650;

export const ZApiKeyCreate = z.strictObject({
  name: zText({ error: 'Name the key after what will use it.' })
    .min(1, 'Name the key after what will use it.')
    .max(API_KEY_NAME_MAX, `Use at most ${API_KEY_NAME_MAX} characters.`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Each scope is one of ${API_KEY_SCOPES.join(', ')}.` }), {
      error: 'Choose what the key may do.',
    })
    .min(1, 'Choose at least one thing the key may do.')
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Each scope once.'),
  /** Days until the key stops working; null or absent: until revoked. */
  expires_in_days: z
    .number({ error: 'Give the days as a whole number.' })
    .int('Give the days as a whole number.')
    .min(1, 'At least 1 day.')
    .max(API_KEY_MAX_DAYS, `At most ${API_KEY_MAX_DAYS} days.`)
    .nullish(),
});
export type TApiKeyCreate = z.input<typeof ZApiKeyCreate>;

export const ZApiKey = z
  .strictObject({
    id,
    name: z.string(),
    /** The key's first characters, to tell keys apart; never enough to use it. */
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    created_at: dateTime,
    expires_at: dateTime.nullable(),
    last_used_at: dateTime.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyList = z.strictObject({ keys: z.array(ZApiKey) });
/** The new key with its secret: the only answer that ever holds it. */
export const ZApiKeyCreated = z.strictObject({ key: ZApiKey, secret: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

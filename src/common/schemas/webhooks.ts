import { z } from 'zod';
import { zUuid } from './ids.ts';
import { dateTime, id } from './responses.ts';
import { zText } from './text.ts';

/**
 * Webhooks (docs/product.md#webhooks, docs/decisions/0030-webhooks.md): what a host's endpoint may be told,
 * in the words the account page shows for each.
 */
export const WEBHOOK_EVENT_TYPES = [
  'rsvp.created',
  'rsvp.updated',
  'rsvp.cancelled',
  'waitlist.offered',
  'payment.succeeded',
  'payment.refunded',
  'checkin.created',
  'checkin.undone',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'rsvp.created': 'A guest answers',
  'rsvp.updated': 'A guest or host changes an answer',
  'rsvp.cancelled': 'An answer is cancelled or removed',
  'waitlist.offered': 'A waitlisted party is offered seats',
  'payment.succeeded': 'A ticket is paid',
  'payment.refunded': 'A payment is refunded',
  'checkin.created': 'A guest is checked in',
  'checkin.undone': 'A check-in is undone',
};

/** The payload format's version: a change that could break a receiver gets a new number. */
export const WEBHOOK_PAYLOAD_VERSION = 1;
export const WEBHOOKS_PER_ACCOUNT = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

const MSG_URL = 'Give the full address of your endpoint, starting with https:// (or http://).';
export const zWebhookUrl = zText({ error: MSG_URL })
  .max(WEBHOOK_URL_MAX, `Use at most ${WEBHOOK_URL_MAX} characters.`)
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '';
  }, MSG_URL)
  .refine(
    (v) => !URL.canParse(v) || (new URL(v).username === '' && new URL(v).password === ''),
    'Leave the user name and password out of the address.',
  );

const zEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Each event is one of ${WEBHOOK_EVENT_TYPES.join(', ')}.` }), {
    error: 'Choose what the endpoint is told about.',
  })
  .min(1, 'Choose at least one kind of event.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((s) => new Set(s).size === s.length, 'Each event once.');

const zDescription = zText({ error: 'Describe the endpoint in a few words.' }).max(
  WEBHOOK_DESCRIPTION_MAX,
  `Use at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
);

export const ZWebhookCreate = z.strictObject({
  url: zWebhookUrl,
  description: zDescription.optional(),
  /** One of the host's own events; null or absent: every event the host owns, now and later. */
  event_id: zUuid('No such event of yours.').nullish(),
  events: zEventTypes,
});
export type TWebhookCreate = z.input<typeof ZWebhookCreate>;

export const ZWebhookUpdate = z
  .strictObject({
    url: zWebhookUrl.optional(),
    description: zDescription.optional(),
    events: zEventTypes.optional(),
    /** false resumes a paused endpoint (its waiting deliveries go at once); true pauses it. */
    paused: z.boolean({ error: 'paused is true or false.' }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');
export type TWebhookUpdate = z.input<typeof ZWebhookUpdate>;

export const ZWebhookEndpoint = z
  .strictObject({
    id,
    url: z.string(),
    description: z.string(),
    /** Null: all the host's events. */
    event_id: z.string().nullable(),
    event_title: z.string().nullable(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    /** 'paused': nothing is sent (by the host, or after a day of failures) until resumed. */
    status: z.enum(['active', 'paused']),
    paused_reason: z.enum(['host', 'failing']).nullable(),
    /** The first failure since the last success; a day of failures pauses the endpoint. */
    failing_since: dateTime.nullable(),
    /** The end of a rotation's grace: until then deliveries carry a signature with the old secret too. */
    previous_secret_until: dateTime.nullable(),
    created_at: dateTime,
  })
  .meta({ id: 'WebhookEndpoint' });
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;
export const ZWebhookEndpointList = z.strictObject({ endpoints: z.array(ZWebhookEndpoint) });
/** A new endpoint, or a rotated secret: the only answers that ever hold the secret (`whsec_…`). */
export const ZWebhookWithSecret = z.strictObject({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;
export const ZWebhookEndpointAnswer = z.strictObject({ endpoint: ZWebhookEndpoint });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export const ZWebhookDelivery = z
  .strictObject({
    /** The message id the receiver sees as webhook-id (`msg_…`); a resend keeps it. */
    id: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    /** 'failed': given up a day after it was queued (or resent). */
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    created_at: dateTime,
    last_attempt_at: dateTime.nullable(),
    next_attempt_at: dateTime.nullable(),
    /** The receiver's HTTP status on the last attempt; null when no answer came (refused, timed out). */
    response_status: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    /** The first characters of the receiver's answer, or why no answer came. */
    response_excerpt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryList = z.strictObject({ deliveries: z.array(ZWebhookDelivery) });
export const ZWebhookDeliveryAnswer = z.strictObject({ delivery: ZWebhookDelivery });

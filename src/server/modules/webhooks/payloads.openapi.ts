import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { GUEST_STATUSES } from '../../../common/constants.ts';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookEventType,
} from '../../../common/schemas/webhooks.ts';
import { dateTime, id } from '../../../common/schemas/responses.ts';

/**
 * The bodies Turnout POSTs to webhook endpoints, as the `webhooks` part of /api/openapi.json (docs/product.md#webhooks).
 * Migration 0032's triggers write them (turnout_webhook_rsvp, turnout_webhook_checkin); the integration test
 * checks every message it receives against these schemas, so the two cannot drift apart.
 */

const ZRsvp = z
  .strictObject({
    id,
    event_id: id,
    name: z.string(),
    preferred_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    party_size: z.number().int(),
    status: z.enum(GUEST_STATUSES),
    notes: z.string().nullable(),
    payment: z
      .strictObject({
        status: z.enum(['pending', 'paid', 'expired', 'refunded']),
        amount: z.number().int().nullable().meta({ description: 'Minor units (cents) of `currency`' }),
        currency: z.string().nullable(),
        payment_id: z.string().nullable(),
        refunded_amount: z.number().int().meta({ description: 'What has been refunded of `amount` so far (minor units)' }),
      })
      .nullable()
      .meta({ description: 'Null on a free answer' }),
    offer_until: dateTime.nullable().meta({ description: 'While offered seats from the waitlist: until when they are held' }),
    checked_in_count: z.number().int(),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .meta({ id: 'WebhookRsvp' });

const ZRsvpData = z.strictObject({
  rsvp: ZRsvp,
  /** True when the row itself was removed (by its host, or a checkout that lapsed unpaid). */
  removed: z.boolean().meta({ description: 'True when the answer was removed (by the host, or a checkout that lapsed unpaid)' }),
});
const ZCheckinData = z.strictObject({
  checkin: z.strictObject({
    id,
    ticket_id: id.nullable().meta({ description: "The order's ticket scanned, on an event with ticket types; else null" }),
    guests: z.number().int().meta({ description: 'Guests of the party admitted (or, for an undo, taken back) by this scan' }),
    device: z.string().nullable(),
    scanned_at: dateTime,
    received_at: dateTime,
  }),
  rsvp: ZRsvp,
});

/** payment.refunded (docs/product.md#refunds): the order as now, and the refund that went through. */
const ZRefundData = ZRsvpData.extend({
  refund: z.strictObject({
    id,
    amount: z.number().int().meta({ description: 'What this refund gave back, minor units of `currency`' }),
    currency: z.string(),
    reason: z.enum(['host', 'cancelled', 'seats_gone']).meta({
      description:
        "'host': the host refunded tickets or an amount; 'cancelled': the paid answer was cancelled; 'seats_gone': paid too late",
    }),
    created_at: dateTime,
    tickets: z
      .array(
        z.strictObject({
          id,
          type: z.string(),
          number: z.number().int(),
          of: z.number().int(),
          admits: z.number().int(),
          amount: z
            .number()
            .int()
            .meta({ description: 'What was paid for the ticket: after its share of a promo code, with its fee and tax' }),
          refunded_amount: z
            .number()
            .int()
            .nullable()
            .meta({ description: 'What of it this refund gave back (null: it went with its order)' }),
        }),
      )
      .meta({ description: 'The tickets refunded (an order of ticket types); empty for an amount or an order without types' }),
  }),
});

const envelope = (type: WebhookEventType, data: z.ZodType) =>
  z
    .strictObject({
      version: z.literal(WEBHOOK_PAYLOAD_VERSION),
      type: z.literal(type),
      timestamp: dateTime.meta({ description: 'When it happened' }),
      data,
    })
    .meta({ id: `Webhook_${type.replace('.', '_')}` });

/** Each event type's body. */
export const WEBHOOK_PAYLOADS = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.map((type) => [
    type,
    envelope(type, type.startsWith('checkin.') ? ZCheckinData : type === 'payment.refunded' ? ZRefundData : ZRsvpData),
  ]),
) as unknown as Record<WebhookEventType, z.ZodType>;

const HEADERS = z.object({
  'webhook-id': z.string().meta({ description: 'The message id (`msg_…`), the same on every retry and resend: de-duplicate on it' }),
  'webhook-timestamp': z.string().meta({ description: 'Seconds since 1970 when this attempt was signed: refuse one far from your clock' }),
  'webhook-signature': z.string().meta({
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded part of your secret after `whsec_`; two signatures for a day after a rotation',
  }),
});

/** Adds one `webhooks` entry per event type to the document. */
export function registerWebhookPayloads(registry: OpenAPIHono['openAPIRegistry']): void {
  for (const type of WEBHOOK_EVENT_TYPES) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      summary: WEBHOOK_EVENT_LABELS[type],
      description:
        'Signed following Standard Webhooks. Delivered at least once, in order per guest, retried with exponential backoff for a day; answer 2xx within 10 seconds.',
      tags: ['Webhooks'],
      request: { headers: HEADERS, body: { content: { 'application/json': { schema: WEBHOOK_PAYLOADS[type] } }, required: true } },
      responses: { 200: { description: 'Any 2xx: received' } },
    });
  }
}

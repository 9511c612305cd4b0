import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { order_tickets } from '../../db/schema/tickets.ts';
import { orderSummarySql } from '../../domain/order-tickets.ts';
import { ORDER_TICKET_QR_VERSION } from './get-ticket.ts';
import { admissible } from './verify-ticket.ts';
import { BoundedCache } from '../../../common/bounded-cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import { renderQrPng, renderQrSvg } from './qr-image.ts';
import { signTicketToken } from '../../domain/ticket-token.ts';
import { isTicketSecret, verificationUrl } from '../../domain/ticket-urls.ts';

export type QrFormat = 'png' | 'svg';
export type TicketQr = { body: Buffer | string; contentType: string; etag: string; version: number };

const CONTENT_TYPES: Record<QrFormat, string> = { png: 'image/png', svg: 'image/svg+xml; charset=utf-8' };

/** Rendered QR images by ETag: the app's (deps.caches.ticketQr). */
export type TicketQrCache = BoundedCache<string, Buffer | string>;

export function createTicketQrCache(): TicketQrCache {
  return new BoundedCache({ maxEntries: 500 });
}

/** An order ticket's QR nonce while its order admits it (confirmed, and paid when it had a price). */
async function orderTicketQr(db: DbOrTx, ticketSecret: string) {
  const [t] = await db
    .select({ status: event_rsvps.status, payment_status: event_rsvps.payment_status, qr_nonce: order_tickets.qr_nonce })
    .from(order_tickets)
    .innerJoin(event_rsvps, eq(event_rsvps.id, order_tickets.rsvp_id))
    // A refunded ticket has no QR any more (docs/product.md#refunds).
    .where(and(eq(order_tickets.ticket_secret, ticketSecret), isNull(order_tickets.refunded_at)))
    .limit(1);
  return t && admissible(t) ? { status: 'confirmed' as const, qr_nonce: t.qr_nonce, qr_version: ORDER_TICKET_QR_VERSION } : undefined;
}

/** Renders (or reuses) the image for one encoded URL. */
async function render(cache: TicketQrCache, etag: string, format: QrFormat, url: string): Promise<Buffer | string> {
  const hit = cache.get(etag);
  if (hit !== undefined) return hit;
  const body = format === 'png' ? renderQrPng(url) : await renderQrSvg(url);
  cache.set(etag, body);
  return body;
}

/**
 * The QR image of a confirmed RSVP's ticket, by the ticket's secret (what the QR encodes: the
 * verification URL with the current signed token). The ETag is a hash of (format, encoded URL), so it changes with qr_version.
 * Only the ETag is needed to answer a conditional request: `ifNoneMatch` skips rendering.
 */
export async function getTicketQr(opts: {
  db: DbOrTx;
  cache: TicketQrCache;
  baseUrl: string;
  signingKey: string;
  ticketSecret: string;
  format: QrFormat;
  ifNoneMatch?: string;
}): Promise<TicketQr | { notModified: true; etag: string; version: number }> {
  if (!isTicketSecret(opts.ticketSecret)) throw notFound('QR code not found');
  const [own] = await opts.db
    .select({ status: event_rsvps.status, qr_nonce: event_rsvps.qr_nonce, qr_version: event_rsvps.qr_version, ordered: orderSummarySql })
    .from(event_rsvps)
    .where(eq(event_rsvps.ticket_secret, opts.ticketSecret))
    .limit(1);
  // An order of ticket types has no QR code of its own; each of its tickets has one (docs/decisions/0028-ticket-types.md).
  const row = own ? (own.ordered === null ? own : undefined) : await orderTicketQr(opts.db, opts.ticketSecret);
  if (row?.status !== 'confirmed') throw notFound('QR code not found');
  const url = verificationUrl(opts.baseUrl, signTicketToken({ key: opts.signingKey, nonce: row.qr_nonce }));
  const etag = `"${createHash('sha256').update(`${opts.format}\n${url}`).digest('base64url').slice(0, 22)}"`;
  if (opts.ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return { notModified: true, etag, version: row.qr_version };
  }
  const body = await render(opts.cache, etag, opts.format, url);
  return { body, contentType: CONTENT_TYPES[opts.format], etag, version: row.qr_version };
}

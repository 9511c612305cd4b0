import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { notFound } from '../../errors.ts';
import { renderQrPng, renderQrSvg } from './qr-image.ts';
import { signTicketToken } from './ticket-token.ts';
import { isUuid } from '../../../common/schemas/ids.ts';
import { verificationUrl } from './ticket-urls.ts';

export type QrFormat = 'png' | 'svg';
export type TicketQr = { body: Buffer | string; contentType: string; etag: string; version: number };

const CONTENT_TYPES: Record<QrFormat, string> = { png: 'image/png', svg: 'image/svg+xml; charset=utf-8' };
const CACHE_MAX = 500;
const rendered = new Map<string, Buffer | string>();

/** Renders (or reuses) the image for one encoded URL; a small LRU keyed by the ETag. */
async function render(etag: string, format: QrFormat, url: string): Promise<Buffer | string> {
  const hit = rendered.get(etag);
  if (hit !== undefined) {
    rendered.delete(etag);
    rendered.set(etag, hit);
    return hit;
  }
  const body = format === 'png' ? renderQrPng(url) : await renderQrSvg(url);
  rendered.set(etag, body);
  if (rendered.size > CACHE_MAX) rendered.delete(rendered.keys().next().value as string);
  return body;
}

/**
 * The QR image of a confirmed RSVP's ticket (what the QR encodes: the verification URL with the
 * current signed token). The ETag is a hash of (format, encoded URL), so it changes with qr_version.
 * Only the ETag is needed to answer a conditional request: `ifNoneMatch` skips rendering.
 */
export async function getTicketQr(opts: {
  db: DbOrTx;
  baseUrl: string;
  signingKey: string;
  rsvpId: string;
  format: QrFormat;
  ifNoneMatch?: string;
}): Promise<TicketQr | { notModified: true; etag: string; version: number }> {
  if (!isUuid(opts.rsvpId)) throw notFound('QR code not found');
  const [row] = await opts.db
    .select({ id: event_rsvps.id, status: event_rsvps.status, qr_version: event_rsvps.qr_version })
    .from(event_rsvps)
    .where(eq(event_rsvps.id, opts.rsvpId))
    .limit(1);
  if (row?.status !== 'confirmed') throw notFound('QR code not found');
  const url = verificationUrl(opts.baseUrl, signTicketToken({ key: opts.signingKey, rsvpId: row.id, version: row.qr_version }));
  const etag = `"${createHash('sha256').update(`${opts.format}\n${url}`).digest('base64url').slice(0, 22)}"`;
  if (opts.ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return { notModified: true, etag, version: row.qr_version };
  }
  const body = await render(etag, opts.format, url);
  return { body, contentType: CONTENT_TYPES[opts.format], etag, version: row.qr_version };
}

import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { short_links } from '../../db/schema/guests.ts';
import { event_rsvps } from '../../db/schema/rsvps.ts';
import { ticketPageUrl } from '../../domain/ticket-urls.ts';
import { isShortCode } from '../../domain/short-link-code.ts';

/**
 * Where /s/{code} leads: the ticket page of the RSVP, by its current ticket secret — only while that
 * is still the secret the link was made for. A rotated ticket locks its old holder out, and its old
 * short link with them (docs/product.md#short-links); null = unknown or stale (the 404 page).
 */
export async function resolveShortLink(o: { db: DbOrTx; baseUrl: string; code: string }): Promise<string | null> {
  if (!isShortCode(o.code)) return null;
  const [row] = await o.db
    .select({ ticket_secret: event_rsvps.ticket_secret })
    .from(short_links)
    .innerJoin(event_rsvps, and(eq(event_rsvps.id, short_links.rsvp_id), eq(event_rsvps.ticket_secret, short_links.ticket_secret)))
    .where(eq(short_links.code, o.code))
    .limit(1);
  return row ? ticketPageUrl(o.baseUrl, row.ticket_secret) : null;
}

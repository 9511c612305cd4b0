import { Hono } from 'hono';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { notFound } from '../../errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { getTicket } from './get-ticket.ts';
import { getTicketQr, type QrFormat } from './get-ticket-qr.ts';
import { regenerateTicketQr } from './regenerate-ticket-qr.ts';

const QR_FILE = /^([^.]+)\.(png|svg)$/;

/** Public ticket read and QR images, by the ticket's secret (/qr/{secret}.png|svg); the host's regenerate action. */
export function ticketRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/api/public/tickets/:ticketSecret', async (c) => {
    const { env, db } = c.var.deps;
    const ticketSecret = c.req.param('ticketSecret');
    const ticket = await getTicket({ db, baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY, ticketSecret });
    return c.json(ticket, 200, { 'Cache-Control': 'no-store' });
  });

  r.get('/qr/:file', async (c) => {
    const m = QR_FILE.exec(c.req.param('file'));
    if (!m) throw notFound('QR code not found');
    const { env, db } = c.var.deps;
    const qr = await getTicketQr({
      db,
      cache: c.var.deps.caches.ticketQr,
      baseUrl: env.PUBLIC_BASE_URL,
      signingKey: env.TICKET_SIGNING_KEY,
      ticketSecret: m[1]!,
      format: m[2] as QrFormat,
      ifNoneMatch: c.req.header('if-none-match'),
    });
    // A URL naming the current version (?v=) can be kept; any other must revalidate.
    const cache = c.req.query('v') === String(qr.version) ? 'private, max-age=86400' : 'private, no-cache';
    const headers = { ETag: qr.etag, 'Cache-Control': cache };
    if ('notModified' in qr) return c.body(null, 304, headers);
    const body = typeof qr.body === 'string' ? qr.body : new Uint8Array(qr.body);
    return c.body(body, 200, { ...headers, 'Content-Type': qr.contentType });
  });

  r.post('/api/events/:eventId/rsvps/:rsvpId/regenerate-qr', requireUser, async (c) => {
    const { env, db } = c.var.deps;
    const result = await regenerateTicketQr({
      db,
      config: { baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY },
      user: currentUser(c),
      eventId: c.req.param('eventId'),
      rsvpId: c.req.param('rsvpId'),
    });
    c.var.log.info({ rsvpId: result.id, eventId: c.req.param('eventId'), qrVersion: result.qr_version }, 'ticket QR regenerated');
    return c.json(result, 200);
  });

  return r;
}

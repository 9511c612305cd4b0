import { emailDeliveryOf } from '../../../common/email-delivery.ts';
import { createRoute, z } from '@hono/zod-openapi';
import { ZRegeneratedQr, ZTicket } from '../../../common/schemas/rsvps.responses.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { notFound } from '../../errors.ts';
import { errors, json, signedInOrKey } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { getTicket } from './get-ticket.ts';
import { getTicketQr, type QrFormat } from './get-ticket-qr.ts';
import { regenerateTicketQr } from './regenerate-ticket-qr.ts';

const QR_FILE = /^([^.]+)\.(png|svg)$/;
const tags = ['Tickets'];
/** Checked by the use cases (a malformed one finds nothing: 404 with their message), so only described here. */
const uuidParam = (description: string) => z.string().meta({ format: 'uuid', description });
const binary = { type: 'string', format: 'binary' } as const;

const ticketRoute = createRoute({
  method: 'get',
  path: '/api/public/tickets/{ticketSecret}',
  summary: "Read a guest's ticket by its secret",
  tags,
  request: { params: z.object({ ticketSecret: z.string().meta({ description: 'The ticket secret of the /ticket/{secret} link' }) }) },
  responses: { 200: json('The ticket (QR, PIN and verification URL only when confirmed)', ZTicket), ...errors(404) },
});

const qrRoute = createRoute({
  method: 'get',
  path: '/qr/{file}',
  summary: "A ticket's QR code as an image",
  tags,
  request: {
    params: z.object({
      file: z.string().meta({ description: '{ticket secret}.png or {ticket secret}.svg', example: 'AbCdEfGhIjKlMnOpQrStUvWx.png' }),
    }),
    query: z.object({
      v: z.string().optional().meta({ description: 'The QR version: a URL naming the current one may be cached for a day' }),
    }),
  },
  responses: {
    200: { description: 'The QR image', content: { 'image/png': { schema: binary }, 'image/svg+xml': { schema: { type: 'string' } } } },
    304: { description: 'Not modified (If-None-Match)' },
    ...errors(404),
  },
});

const regenerateRoute = createRoute({
  method: 'post',
  path: '/api/events/{eventId}/rsvps/{rsvpId}/regenerate-qr',
  middleware: [requireUser] as const,
  summary: "Rotate a confirmed guest's ticket: new QR, new ticket link (the old ones stop working)",
  tags,
  security: signedInOrKey('guests:write'),
  request: { params: z.object({ eventId: uuidParam('The event'), rsvpId: uuidParam('The RSVP') }) },
  responses: { 200: json('The new QR and ticket link', ZRegeneratedQr), ...errors(401, 403, 404, 409) },
});

/** Public ticket read and QR images, by the ticket's secret (/qr/{secret}.png|svg); the host's regenerate action. */
export function ticketRoutes() {
  const r = createRouter();

  r.openapi(ticketRoute, async (c) => {
    const { env, db } = c.var.deps;
    const { ticketSecret } = c.req.valid('param');
    const ticket = await getTicket({ db, baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY, ticketSecret });
    return c.json(ticket, 200, { 'Cache-Control': 'no-store' });
  });

  r.openapi(qrRoute, async (c) => {
    const m = QR_FILE.exec(c.req.valid('param').file);
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
    const cache = c.req.valid('query').v === String(qr.version) ? 'private, max-age=86400' : 'private, no-cache';
    const headers = { ETag: qr.etag, 'Cache-Control': cache };
    if ('notModified' in qr) return c.body(null, 304, headers);
    const body = typeof qr.body === 'string' ? qr.body : new Uint8Array(qr.body);
    return c.body(body, 200, { ...headers, 'Content-Type': qr.contentType });
  });

  r.openapi(regenerateRoute, async (c) => {
    const { env, db } = c.var.deps;
    const { eventId, rsvpId } = c.req.valid('param');
    const result = await regenerateTicketQr({
      db,
      config: { baseUrl: env.PUBLIC_BASE_URL, signingKey: env.TICKET_SIGNING_KEY },
      user: currentUser(c),
      eventId,
      rsvpId,
    });
    c.var.log.info({ rsvpId: result.id, eventId, qrVersion: result.qr_version }, 'ticket QR regenerated');
    return c.json({ ...result, email_delivery: emailDeliveryOf(env) }, 200);
  });

  return r;
}

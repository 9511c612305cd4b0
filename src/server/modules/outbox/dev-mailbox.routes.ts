import { createRoute, z } from '@hono/zod-openapi';
import { ZDevMailListQuery, ZDevMailMessage, ZDevMailPage } from '../../../common/schemas/dev-mailbox.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import { createRouter } from '../../http/validation.ts';
import { listDevMail } from './list-dev-mail.ts';
import { readDevMail, readDevMailAttachment } from './read-dev-mail.ts';

const ZId = z.object({ id: z.uuid('must be a message id') });

const listRoute = createRoute({
  method: 'get',
  path: '/',
  request: { query: ZDevMailListQuery },
  responses: { 200: { description: 'Dev-mailbox messages, newest first', content: { 'application/json': { schema: ZDevMailPage } } } },
});

const readRoute = createRoute({
  method: 'get',
  path: '/{id}',
  request: { params: ZId },
  responses: { 200: { description: 'One message, rendered', content: { 'application/json': { schema: ZDevMailMessage } } } },
});

const attachmentRoute = createRoute({
  method: 'get',
  path: '/{id}/attachments/{index}',
  request: { params: ZId.extend({ index: z.coerce.number().int().min(0) }) },
  responses: { 200: { description: 'The attachment, as a download' } },
});

/** /api/dev-mailbox: messages kept in the app because SMTP or Twilio is not configured (admins only). */
export function devMailboxRoutes() {
  const r = createRouter();
  r.use('*', requireAdmin);
  r.openapi(listRoute, async (c) => c.json(await listDevMail({ db: c.var.deps.db, ...c.req.valid('query') }), 200));
  r.openapi(readRoute, async (c) => c.json(await readDevMail({ db: c.var.deps.db, id: c.req.valid('param').id }), 200));
  r.openapi(attachmentRoute, async (c) => {
    const { id, index } = c.req.valid('param');
    const file = await readDevMailAttachment({ db: c.var.deps.db, id, index });
    const ascii = file.filename.replace(/[^\w.-]/g, '_');
    return c.body(new Uint8Array(file.content), 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'Cache-Control': 'private, no-store',
    });
  });
  return r;
}

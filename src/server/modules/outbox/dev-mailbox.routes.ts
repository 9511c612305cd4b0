import { createRoute, z } from '@hono/zod-openapi';
import { ZDevMailListQuery, ZDevMailMessage, ZDevMailPage } from '../../../common/schemas/dev-mailbox.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import { errors, json, signedIn } from '../../http/openapi.ts';
import { createRouter } from '../../http/validation.ts';
import { listDevMail } from './list-dev-mail.ts';
import { readDevMail, readDevMailAttachment } from './read-dev-mail.ts';

const ZId = z.object({ id: z.uuid('must be a message id') });

/** A coerced number accepts undefined, so the generator would call it optional: a path parameter is always required. */
const ZAttachmentIndex = z.coerce
  .number()
  .int()
  .min(0)
  .openapi({ param: { required: true } });

const tags = ['Dev mailbox'];

const listRoute = createRoute({
  method: 'get',
  path: '/',
  summary: 'List the dev-mailbox messages (owner only)',
  tags,
  security: signedIn,
  request: { query: ZDevMailListQuery },
  responses: { 200: json('Dev-mailbox messages, newest first', ZDevMailPage), ...errors(400, 401, 403) },
});

const readRoute = createRoute({
  method: 'get',
  path: '/{id}',
  summary: 'Read one dev-mailbox message (owner only)',
  tags,
  security: signedIn,
  request: { params: ZId },
  responses: { 200: json('One message, rendered', ZDevMailMessage), ...errors(401, 403, 404) },
});

const attachmentRoute = createRoute({
  method: 'get',
  path: '/{id}/attachments/{index}',
  summary: "Download a dev-mailbox message's attachment (owner only)",
  tags,
  security: signedIn,
  request: { params: ZId.extend({ index: ZAttachmentIndex }) },
  responses: {
    200: {
      description: 'The attachment, as a download, with its own content type',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
    ...errors(401, 403, 404),
  },
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

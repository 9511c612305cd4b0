import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  IMPORT_MAX_BYTES,
  ZGuestImportAnswer,
  ZGuestImportList,
  ZImportPreview,
  ZImportPreviewInput,
  ZImportStartInput,
} from '../../../common/schemas/guest-imports.ts';
import { zUuid } from '../../../common/schemas/ids.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { ZEventIdParam } from '../../domain/event-access.ts';
import { AppError } from '../../errors.ts';
import { errors, json, jsonBody, signedInOrKey } from '../../http/openapi.ts';
import { enforce, type LimitRule } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { getImport, IMPORT_NOT_FOUND, listImports } from './get-import.ts';
import { previewImport, startImport } from './start-import.ts';
import { uploadImport } from './upload-import.ts';

const tags = ['Guests'];
const UPLOADS: LimitRule = { name: 'guest-import-upload', points: 30, windowSec: 10 * 60 };

/** The one path whose body may pass the app's JSON limit besides media uploads (http/body-limit.ts). */
export const GUEST_IMPORT_UPLOAD_PATH = '/api/events/:eventId/guest-imports';

const TOO_LARGE = `The file must be ${IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller: split it in parts.`;
const ZEventParam = z.object({ eventId: ZEventIdParam });
const ZImportParams = z.object({ eventId: ZEventIdParam, importId: zUuid(IMPORT_NOT_FOUND) });

const uploadRoute = createRoute({
  method: 'post',
  path: '/api/events/{eventId}/guest-imports',
  middleware: [
    requireUser,
    bodyLimit({
      maxSize: IMPORT_MAX_BYTES,
      onError: () => {
        throw new AppError('payload_too_large', TOO_LARGE, { file: TOO_LARGE });
      },
    }),
  ] as const,
  summary: 'Upload a CSV of guests to import: read, kept for the import, not yet written to the guest list',
  description:
    'The body is the file itself (any common encoding and separator, with or without a byte-order mark). The answer has the header, the first rows and a suggested mapping; preview and start the import with the routes below.',
  tags,
  security: signedInOrKey('guests:write'),
  request: {
    params: ZEventParam,
    query: z.object({ name: z.string().max(200).optional().meta({ description: 'The file name, shown with the import' }) }),
    body: {
      content: {
        'text/csv': { schema: { type: 'string', format: 'binary' } },
        'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
      },
      required: true,
    },
  },
  responses: { 201: json('The uploaded file as read', ZGuestImportAnswer), ...errors(400, 401, 403, 404, 413, 415, 429) },
});

const listRoute = createRoute({
  method: 'get',
  path: '/api/events/{eventId}/guest-imports',
  middleware: [requireUser] as const,
  summary: 'The event’s guest imports started so far, newest first (the last 10), with their progress and counts',
  tags,
  security: signedInOrKey('guests:read'),
  request: { params: ZEventParam },
  responses: { 200: json('The imports', ZGuestImportList), ...errors(401, 403, 404) },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/events/{eventId}/guest-imports/{importId}',
  middleware: [requireUser] as const,
  summary: 'A guest import: how the file was read, its progress and counts, the first rows not imported and why',
  tags,
  security: signedInOrKey('guests:read'),
  request: { params: ZImportParams },
  responses: { 200: json('The import', ZGuestImportAnswer), ...errors(401, 403, 404) },
});

const previewRoute = createRoute({
  method: 'post',
  path: '/api/events/{eventId}/guest-imports/{importId}/preview',
  middleware: [requireUser] as const,
  summary: 'The first rows of an uploaded file as a mapping reads them, with each row’s errors (writes nothing)',
  tags,
  security: signedInOrKey('guests:write'),
  request: { params: ZImportParams, ...jsonBody(ZImportPreviewInput) },
  responses: { 200: json('The first rows', ZImportPreview), ...errors(400, 401, 403, 404, 413, 415) },
});

const startRoute = createRoute({
  method: 'post',
  path: '/api/events/{eventId}/guest-imports/{importId}/start',
  middleware: [requireUser] as const,
  summary: 'Import an uploaded file with a mapping (a server job): new e-mails add guests, known ones are updated',
  tags,
  security: signedInOrKey('guests:write'),
  request: { params: ZImportParams, ...jsonBody(ZImportStartInput) },
  responses: {
    202: json('The import, queued: poll GET …/guest-imports/{importId}', ZGuestImportAnswer),
    ...errors(400, 401, 403, 404, 409, 413, 415, 429),
  },
});

/** Guest import (docs/product.md#guest-import): upload, preview, start, progress. Owner and co-hosts. */
export function guestImportsRoutes() {
  const r = createRouter();
  r.openapi(uploadRoute, async (c) => {
    const actor = currentUser(c);
    await enforce(c, UPLOADS, actor.id);
    const { eventId } = c.req.valid('param');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const fileName = (c.req.valid('query').name ?? '').replace(/[\p{Cc}/\\]/gu, '').trim() || 'guests.csv';
    const imp = await uploadImport({ db: c.var.deps.db, actor, eventId, fileName, bytes, contentType: c.req.header('content-type') });
    c.var.log.info({ eventId, importId: imp.id, rows: imp.row_count, encoding: imp.encoding }, 'guest file uploaded');
    return c.json({ import: imp }, 201);
  });
  r.openapi(listRoute, async (c) => {
    const imports = await listImports({ db: c.var.deps.db, actor: currentUser(c), eventId: c.req.valid('param').eventId });
    return c.json({ imports }, 200, { 'Cache-Control': 'no-store' });
  });
  r.openapi(getRoute, async (c) => {
    const { eventId, importId } = c.req.valid('param');
    const imp = await getImport({ db: c.var.deps.db, actor: currentUser(c), eventId, importId });
    return c.json({ import: imp }, 200, { 'Cache-Control': 'no-store' });
  });
  r.openapi(previewRoute, async (c) => {
    const { eventId, importId } = c.req.valid('param');
    const preview = await previewImport({
      db: c.var.deps.db,
      actor: currentUser(c),
      eventId,
      importId,
      mapping: c.req.valid('json').mapping,
    });
    return c.json(preview, 200);
  });
  r.openapi(startRoute, async (c) => {
    const { eventId, importId } = c.req.valid('param');
    const body = c.req.valid('json');
    const imp = await startImport({
      db: c.var.deps.db,
      limits: c.var.limits,
      actor: currentUser(c),
      eventId,
      importId,
      mapping: body.mapping,
      sendTickets: body.send_tickets,
      sendReminders: body.send_reminders,
    });
    c.var.log.info({ eventId, importId, rows: imp.row_count }, 'guest import queued');
    return c.json({ import: imp }, 202);
  });
  return r;
}

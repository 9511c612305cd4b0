import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import { ZMediaUpload } from '../../../common/schemas/events.responses.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { AppError } from '../../errors.ts';
import { errors, json, signedInOrKey } from '../../http/openapi.ts';
import { enforce, type LimitRule } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { readMedia } from './read-media.ts';
import { tooLarge, uploadImage } from './upload-image.ts';

const UPLOADS: LimitRule = { name: 'media-upload', points: 60, windowSec: 10 * 60 };
/** The multipart envelope around a 10 MB file: boundaries and headers, never megabytes. */
const ENVELOPE_BYTES = 64 * 1024;

/** Where mediaUploadRoutes is mounted: the one path whose body may pass the app's JSON limit (http/body-limit.ts). */
export const MEDIA_UPLOAD_PATH = '/api/media';

const uploadRoute = createRoute({
  method: 'post',
  path: '/',
  middleware: [
    requireUser,
    bodyLimit({
      maxSize: IMAGE_MAX_BYTES + ENVELOPE_BYTES,
      onError: () => {
        throw tooLarge();
      },
    }),
  ] as const,
  summary: 'Upload an event image: stored as a 1200×675 JPEG and a 600×338 WebP preview',
  tags: ['Media'],
  security: signedInOrKey('events:write'),
  request: {
    // A plain JSON Schema, not zod: the handler reads the multipart body itself, with its own messages.
    body: {
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
        },
      },
      required: true,
    },
  },
  responses: { 201: json('The stored images', ZMediaUpload), ...errors(400, 401, 403, 413, 415, 429) },
});

const fileRoute = createRoute({
  method: 'get',
  path: '/{name}',
  summary: 'An uploaded image (content-addressed: cached forever)',
  tags: ['Media'],
  request: {
    params: z.object({
      name: z.string().meta({ description: '{hash}.jpg or {hash}.webp', example: '0123456789abcdef0123456789abcdef.jpg' }),
    }),
  },
  responses: {
    200: {
      description: 'The image',
      content: {
        'image/jpeg': { schema: { type: 'string', format: 'binary' } },
        'image/webp': { schema: { type: 'string', format: 'binary' } },
      },
    },
    304: { description: 'Not modified (If-None-Match)' },
    404: { description: 'No such image', content: { 'text/plain': { schema: z.string() } } },
  },
});

/** POST /api/media: image upload for signed-in hosts (multipart field `file`). */
export function mediaUploadRoutes() {
  const r = createRouter();
  r.openapi(uploadRoute, async (c) => {
    await enforce(c, UPLOADS, currentUser(c).id);
    const body = await c.req.parseBody().catch(() => {
      throw new AppError('bad_request', 'Send the image as multipart/form-data with the field "file".', {
        file: 'Choose an image to upload.',
      });
    });
    const file = body.file;
    if (!(file instanceof File))
      throw new AppError('validation_failed', 'Choose an image to upload.', { file: 'Choose an image to upload.' });
    if (file.size > IMAGE_MAX_BYTES) throw tooLarge();
    const bytes = Buffer.from(await file.arrayBuffer());
    return c.json(await uploadImage({ db: c.var.deps.db, log: c.var.log, bytes }), 201);
  });
  return r;
}

/** GET /media/{hash}.{ext}: content-addressed, so cached forever. */
export function mediaFileRoutes() {
  const r = createRouter();
  r.openapi(fileRoute, async (c) => {
    const file = await readMedia({ db: c.var.deps.db, cache: c.var.deps.caches.media, name: c.req.valid('param').name });
    if (!file) return c.text('Not found', 404);
    const etag = `"${file.id}"`;
    const headers = { ETag: etag, 'Cache-Control': 'public, max-age=31536000, immutable' };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(file.bytes.buffer as ArrayBuffer, file.bytes.byteOffset, file.bytes.length), 200, {
      ...headers,
      'Content-Type': file.mime,
    });
  });
  return r;
}

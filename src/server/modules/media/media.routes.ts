import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import { AppError } from '../../errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { enforce, type LimitRule } from '../../http/rate-limit.ts';
import { readMedia } from './read-media.ts';
import { tooLarge, uploadImage } from './upload-image.ts';

const UPLOADS: LimitRule = { name: 'media-upload', points: 60, windowSec: 10 * 60 };
/** The multipart envelope around a 10 MB file: boundaries and headers, never megabytes. */
const ENVELOPE_BYTES = 64 * 1024;

/** Where mediaUploadRoutes is mounted: the one path whose body may pass the app's JSON limit (http/body-limit.ts). */
export const MEDIA_UPLOAD_PATH = '/api/media';

/** POST /api/media: image upload for signed-in hosts (multipart field `file`). */
export function mediaUploadRoutes() {
  const r = new Hono<AppEnv>();
  r.post(
    '/',
    requireUser,
    bodyLimit({
      maxSize: IMAGE_MAX_BYTES + ENVELOPE_BYTES,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
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
    },
  );
  return r;
}

/** GET /media/{hash}.{ext}: content-addressed, so cached forever. */
export function mediaFileRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/:name', async (c) => {
    const file = await readMedia({ db: c.var.deps.db, cache: c.var.deps.caches.media, name: c.req.param('name') });
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

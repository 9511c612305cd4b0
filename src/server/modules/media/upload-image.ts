import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_MAX_BYTES, PREVIEW_IMAGE, SOCIAL_IMAGE } from '../../../common/constants.ts';
import type { TMediaUpload } from '../../../common/schemas/events.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { sniffImageType } from './image-type.ts';
import { storeMedia } from './store-media.ts';

export const tooLarge = () =>
  new AppError('payload_too_large', 'The image must be 10 MB or smaller.', { file: 'The image must be 10 MB or smaller.' });
const wrongType = () =>
  new AppError('unsupported_media_type', 'Use a JPEG, PNG or WebP image.', { file: 'Use a JPEG, PNG or WebP image.' });
const unreadable = () => new AppError('validation_failed', 'This image could not be read.', { file: 'This image could not be read.' });

export type UploadImageOptions = { db: Db; log: Logger; bytes: Buffer };

/** Decoding guard: 40 megapixels is more than any phone photo and bounds the memory one upload takes. */
const INPUT = { limitInputPixels: 40_000_000, failOn: 'error' } as const;

/**
 * Social image (docs/product.md#event-rules) 1200×675 (JPEG: every share crawler reads it) and a 600×338 WebP preview,
 * both cover-cropped around the most interesting region, auto-rotated, with all metadata
 * (EXIF, GPS, ICC) stripped. Stored in the database, so every server process can serve them.
 */
export async function uploadImage({ db, log, bytes }: UploadImageOptions): Promise<TMediaUpload> {
  if (bytes.length > IMAGE_MAX_BYTES) throw tooLarge();
  if (!sniffImageType(bytes)) throw wrongType();
  let social: { data: Buffer; info: OutputInfo };
  let preview: { data: Buffer; info: OutputInfo };
  try {
    const base = sharp(bytes, INPUT).rotate();
    const crop = { fit: 'cover', position: sharp.strategy.attention } as const;
    [social, preview] = await Promise.all([
      base
        .clone()
        .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, crop)
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
      base.clone().resize(PREVIEW_IMAGE.width, PREVIEW_IMAGE.height, crop).webp({ quality: 78 }).toBuffer({ resolveWithObject: true }),
    ]);
  } catch (err) {
    log.info({ err: (err as Error).message }, 'image upload could not be decoded');
    throw unreadable();
  }
  const [image_url, preview_image_url] = await Promise.all([
    storeMedia({ db, bytes: social.data, ext: 'jpg', width: social.info.width, height: social.info.height }),
    storeMedia({ db, bytes: preview.data, ext: 'webp', width: preview.info.width, height: preview.info.height }),
  ]);
  log.info({ image_url, bytes: bytes.length }, 'image uploaded');
  return { image_url, preview_image_url };
}

import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/events.ts';

export const MEDIA_TYPES = { jpg: 'image/jpeg', webp: 'image/webp', png: 'image/png' } as const;
export type MediaExt = keyof typeof MEDIA_TYPES;

export type StoreMediaOptions = { db: DbOrTx; bytes: Buffer; ext: MediaExt; width: number; height: number };

/** Stores image bytes under their content hash; the same bytes twice are one row. Returns its URL path. */
export async function storeMedia({ db, bytes, ext, width, height }: StoreMediaOptions): Promise<string> {
  const id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  await db.insert(media).values({ id, mime: MEDIA_TYPES[ext], width, height, bytes }).onConflictDoNothing();
  return `/media/${id}.${ext}`;
}

import { eq } from 'drizzle-orm';
import { BoundedCache } from '../../../common/bounded-cache.ts';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/events.ts';
import { MEDIA_TYPES, type MediaExt } from './store-media.ts';

export type MediaFile = { id: string; mime: string; bytes: Buffer };

const BUDGET_BYTES = 32 * 1024 * 1024;

export type MediaCache = BoundedCache<string, MediaFile>;

/** Content-addressed, so never stale: the app's cache (deps.caches.media) spares the database repeat reads. */
export function createMediaCache(): MediaCache {
  return new BoundedCache({ maxEntries: 1_000, maxSize: BUDGET_BYTES, maxEntrySize: BUDGET_BYTES / 8, sizeOf: (f) => f.bytes.length });
}

export type ReadMediaOptions = { db: Db; cache: MediaCache; name: string };

/** '/media/{id}.{ext}' → the stored image when the extension matches its type; null otherwise. */
export async function readMedia({ db, cache, name }: ReadMediaOptions): Promise<MediaFile | null> {
  const m = /^([0-9a-f]{32})\.(jpg|webp|png)$/.exec(name);
  if (!m) return null;
  const [, id, ext] = m as unknown as [string, string, MediaExt];
  let file = cache.get(id);
  if (!file) {
    const [row] = await db.select({ mime: media.mime, bytes: media.bytes }).from(media).where(eq(media.id, id)).limit(1);
    if (!row) return null;
    file = { id, mime: row.mime, bytes: row.bytes };
    cache.set(id, file);
  }
  return file.mime === MEDIA_TYPES[ext] ? file : null;
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/events.ts';
import { MEDIA_TYPES, type MediaExt } from './store-media.ts';

export type MediaFile = { id: string; mime: string; bytes: Buffer };

const BUDGET_BYTES = 32 * 1024 * 1024;
const hot = new Map<string, MediaFile>();
let hotBytes = 0;

/** Content-addressed, so never stale: a small in-process cache spares the database repeat reads. */
function remember(file: MediaFile) {
  if (file.bytes.length > BUDGET_BYTES / 8) return;
  while (hotBytes + file.bytes.length > BUDGET_BYTES && hot.size) {
    const [oldest] = hot.keys();
    hotBytes -= hot.get(oldest!)!.bytes.length;
    hot.delete(oldest!);
  }
  hot.set(file.id, file);
  hotBytes += file.bytes.length;
}

export type ReadMediaOptions = { db: Db; name: string };

/** '/media/{id}.{ext}' → the stored image when the extension matches its type; null otherwise. */
export async function readMedia({ db, name }: ReadMediaOptions): Promise<MediaFile | null> {
  const m = /^([0-9a-f]{32})\.(jpg|webp|png)$/.exec(name);
  if (!m) return null;
  const [, id, ext] = m as unknown as [string, string, MediaExt];
  let file = hot.get(id);
  if (!file) {
    const [row] = await db.select({ mime: media.mime, bytes: media.bytes }).from(media).where(eq(media.id, id)).limit(1);
    if (!row) return null;
    file = { id, mime: row.mime, bytes: row.bytes };
    remember(file);
  }
  return file.mime === MEDIA_TYPES[ext] ? file : null;
}

import { randomFillSync } from 'node:crypto';

/**
 * Random secrets drawn from a buffer the CSPRNG fills 4 KB at a time, as Node's own randomUUID and
 * randomInt do: each randomBytes() call costs ~6 µs of native job set-up, and every RSVP answer draws
 * three (ticket secret, QR nonce, manage secret; issue 36). A byte is handed out once: the offset only
 * moves forward, and the buffer is refilled before it could wrap.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

/** `bytes` (≤ 4096) fresh random bytes as unpadded base64url. */
export function randomBase64url(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes <= 0 || bytes > POOL_BYTES) throw new RangeError(`randomBase64url: bad length ${bytes}`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const text = pool.toString('base64url', offset, offset + bytes);
  // Overwritten at once: what was handed out does not stay in memory beside what comes next.
  pool.fill(0, offset, offset + bytes);
  offset += bytes;
  return text;
}

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../src/common/constants.ts';
import type { TMediaUpload } from '../../src/common/schemas/events.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
const host = await signedInUser(t);

function upload(bytes: Uint8Array, type = 'image/png', name = 'photo.png', cookie = host.cookie) {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return t.request('/api/media', { method: 'POST', body: form, cookie });
}

/** A real 2000×1500 PNG with EXIF (including GPS-like text) that must not survive. */
async function photo(width = 2000, height = 1500) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .composite([{ input: { create: { width: width / 2, height: height / 2, channels: 3, background: '#2040c0' } }, left: 0, top: 0 }])
    .withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'Jane' } })
    .png()
    .toBuffer();
}

describe('POST /api/media', () => {
  it('makes a 1200×675 social image and a 600×338 preview, metadata stripped, served immutable', async () => {
    const res = await upload(await photo());
    expect(res.status).toBe(201);
    const body = (await res.json()) as TMediaUpload;
    expect(body.image_url).toMatch(/^\/media\/[0-9a-f]{32}\.jpg$/);
    expect(body.preview_image_url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);

    const img = await t.request(body.image_url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(img.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = img.headers.get('etag');
    expect(etag).toBeTruthy();
    const bytes = Buffer.from(await img.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 675 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes('secret-exif-marker')).toBe(false);

    const preview = await t.request(body.preview_image_url);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 600, height: 338 });

    const cached = await t.request(body.image_url, { headers: { 'if-none-match': etag! } });
    expect(cached.status).toBe(304);

    // Content-addressed: the same upload gives the same URLs.
    const again = (await (await upload(await photo())).json()) as TMediaUpload;
    expect(again).toEqual(body);
  });

  it('accepts JPEG and WebP, judged by content rather than the declared type', async () => {
    const jpeg = await sharp(await photo(800, 800))
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg, 'application/octet-stream', 'x.bin')).status).toBe(201);
    const webp = await sharp(await photo(640, 480))
      .webp()
      .toBuffer();
    expect((await upload(webp, 'image/webp', 'x.webp')).status).toBe(201);
  });

  it('refuses other types with 415 naming the field', async () => {
    const gif = await sharp(await photo(100, 100))
      .gif()
      .toBuffer();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const text = new TextEncoder().encode('hello');
    for (const [bytes, type] of [
      [gif, 'image/gif'],
      [svg, 'image/svg+xml'],
      [text, 'image/png'],
    ] as const) {
      const res = await upload(bytes, type);
      expect(res.status).toBe(415);
      expect((await res.json()).error).toMatchObject({
        code: 'unsupported_media_type',
        fields: { file: 'Use a JPEG, PNG or WebP image.' },
      });
    }
  });

  it('refuses more than 10 MB with 413 naming the field (just over, and far over)', async () => {
    const png = await photo(64, 64);
    for (const size of [IMAGE_MAX_BYTES + 1, IMAGE_MAX_BYTES + 2 * 1024 * 1024]) {
      const big = new Uint8Array(size);
      big.set(png);
      const res = await upload(big);
      expect(res.status, String(size)).toBe(413);
      expect((await res.json()).error).toMatchObject({
        code: 'payload_too_large',
        fields: { file: 'The image must be 10 MB or smaller.' },
      });
    }
  });

  it('a missing file or a broken image is a 400, never a 500', async () => {
    const form = new FormData();
    form.set('other', 'x');
    const none = await t.request('/api/media', { method: 'POST', body: form, cookie: host.cookie });
    expect(none.status).toBe(400);
    expect((await none.json()).error.fields).toEqual({ file: 'Choose an image to upload.' });
    const truncated = (await photo(400, 300)).subarray(0, 200);
    const broken = await upload(truncated);
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.fields).toEqual({ file: 'This image could not be read.' });
  });

  it('GET /media answers 404 for unknown or mismatched names', async () => {
    expect((await t.request('/media/0123456789abcdef0123456789abcdef.jpg')).status).toBe(404);
    expect((await t.request('/media/../../etc/passwd')).status).toBe(404);
    const body = (await (await upload(await photo(300, 300))).json()) as TMediaUpload;
    expect((await t.request(body.image_url.replace('.jpg', '.webp'))).status).toBe(404);
  });
});

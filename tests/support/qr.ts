import jsQR from 'jsqr';
import sharp from 'sharp';

/** The text a QR code PNG carries, read as a phone's scanner would (undefined when unreadable). */
export async function decodePng(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

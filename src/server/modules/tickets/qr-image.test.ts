import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { QR_MARGIN, QR_WIDTH } from '../../../common/constants.ts';
import { renderQrPng } from './qr-image.ts';

/** Each pixel as 0 (dark) or 1 (light), row by row. */
async function pixels(png: Buffer): Promise<{ width: number; height: number; bits: string }> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let bits = '';
  for (let i = 0; i < data.length; i += info.channels) bits += data[i]! < 128 ? '0' : '1';
  return { width: info.width, height: info.height, bits };
}

describe('renderQrPng', () => {
  // Lengths across QR versions (sizes 29 to 57 modules), so the scale and the margins vary.
  const texts = [20, 60, 90, 140].map((n) => `https://turnout.example/ticket-verification/${'Ab3_-'.repeat(n).slice(0, n)}`);

  // The default size; no margin; a width below the code's, where both renderers draw 4 px a module.
  const cases = [
    ...texts.map((text) => ({ text, width: QR_WIDTH, margin: QR_MARGIN })),
    { text: texts[1]!, width: QR_WIDTH, margin: 0 },
    { text: texts[2]!, width: 40, margin: 2 },
  ];

  it.each(cases)("draws the same pixels as qrcode's own renderer with the same mask (%#)", async ({ text, width, margin }) => {
    const ours = await pixels(renderQrPng(text, width, margin));
    const theirs = await pixels(
      await QRCode.toBuffer([{ data: Buffer.from(text), mode: 'byte' }], {
        width,
        margin,
        errorCorrectionLevel: 'M',
        maskPattern: 2,
      }),
    );
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    expect(ours.bits === theirs.bits).toBe(true);
  });
});

import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { QR_MARGIN, QR_WIDTH } from '../../../common/constants.ts';

/**
 * QR images of the ticket URL. The PNG is encoded here as 1-bit greyscale, far cheaper than qrcode's RGBA
 * path and drawn for every confirmed answer (ADR 0019); it equals qrcode.toBuffer(text, { width: 256,
 * margin: 2 }) pixel for pixel (qr-image.test.ts).
 */
const ECL = 'M' as const;
/**
 * A fixed mask instead of qrcode's search over all eight: any mask decodes everywhere, and mask 2 scores
 * close to the best one on ticket URLs (docs/measurements/code-paths.md#qr-image).
 */
const MASK = 2 as const;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function renderQrPng(text: string, width = QR_WIDTH, margin = QR_MARGIN): Buffer {
  // One byte-mode segment: what qrcode's segment optimiser picks for a URL, without its graph search.
  const { modules } = QRCode.create([{ data: Buffer.from(text), mode: 'byte' }], { errorCorrectionLevel: ECL, maskPattern: MASK });
  const size = modules.size;
  const scale = width >= size + margin * 2 ? width / (size + margin * 2) : 4;
  const side = Math.floor((size + margin * 2) * scale);
  const scaledMargin = margin * scale;
  const stride = Math.ceil(side / 8) + 1; // filter byte + packed bits
  // Source module column of each pixel column (-1 in the margin), as qrcode's renderer maps them.
  const colSrc = new Int16Array(side);
  for (let j = 0; j < side; j++) {
    colSrc[j] = j < scaledMargin || j >= side - scaledMargin ? -1 : Math.floor((j - scaledMargin) / scale);
  }
  // A pixel row that repeats the one above is written with PNG's Up filter, as zeros, which deflate's
  // fastest level packs nearly as well as level 6 for less CPU (docs/measurements/code-paths.md#qr-image).
  const raw = Buffer.alloc(stride * side); // zero-filled: an Up-filtered row is done once its filter byte is set
  let prevSrc = -2; // module row of the previous pixel row; -1 for a margin row
  for (let i = 0; i < side; i++) {
    const row = i * stride;
    const iSrc = i < scaledMargin || i >= side - scaledMargin ? -1 : Math.floor((i - scaledMargin) / scale);
    if (iSrc === prevSrc) {
      raw[row] = 2; // filter: Up
      continue;
    }
    prevSrc = iSrc;
    raw[row] = 0; // filter: none
    raw.fill(0xff, row + 1, row + stride);
    if (iSrc < 0) continue;
    for (let j = 0; j < side; j++) {
      const jSrc = colSrc[j]!;
      if (jSrc < 0 || !modules.data[iSrc * size + jSrc]) continue;
      const at = row + 1 + (j >> 3);
      raw[at] = raw[at]! & ~(0x80 >> (j & 7));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}

export function renderQrSvg(text: string): Promise<string> {
  return QRCode.toString([{ data: Buffer.from(text), mode: 'byte' }], {
    type: 'svg',
    width: QR_WIDTH,
    margin: QR_MARGIN,
    errorCorrectionLevel: ECL,
    maskPattern: MASK,
  });
}

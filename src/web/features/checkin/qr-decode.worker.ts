/// <reference lib="webworker" />
import jsQR from 'jsqr';

/**
 * The QR decoder the scanner runs off the main thread (docs/product.md#check-in). qr-scanner's own worker
 * is built from a blob: URL, which the app's Content-Security-Policy (script-src 'self') refuses; this
 * one is a file of our build, speaking the same messages: `decode` (ImageData) → `qrResult` (text and
 * corners, or null), `inversionMode`, `grayscaleWeights` (jsQR has its own), `close`.
 */
type Inversion = 'original' | 'invert' | 'both';
const INVERSION = { original: 'dontInvert', invert: 'onlyInvert', both: 'attemptBoth' } as const;
let inversion: Inversion = 'original';

self.onmessage = (event: MessageEvent<{ id: number; type: string; data: unknown }>) => {
  const { id, type, data } = event.data;
  switch (type) {
    case 'decode': {
      const image = data as ImageData;
      const found = jsQR(image.data, image.width, image.height, { inversionAttempts: INVERSION[inversion] });
      const corners = found
        ? [found.location.topLeftCorner, found.location.topRightCorner, found.location.bottomRightCorner, found.location.bottomLeftCorner]
        : null;
      self.postMessage({ id, type: 'qrResult', data: found ? found.data : null, cornerPoints: corners });
      break;
    }
    case 'inversionMode':
      if (data === 'original' || data === 'invert' || data === 'both') inversion = data;
      break;
    case 'close':
      self.close();
      break;
    default:
      break;
  }
};

import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * A 640×480 YUV4MPEG2 video (4:2:0, a few identical frames Chromium loops) of the ticket's QR PNG on white.
 * The browser decodes the PNG (the same image guests get); the frames are written here byte by byte.
 */
export async function qrVideo(page: Page, secret: string, file: string) {
  const W = 640;
  const H = 480;
  const luma = await page.evaluate(
    async ({ src, W, H }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = W;
      canvas.height = H;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d canvas');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, W, H);
      ctx.imageSmoothingEnabled = false;
      const size = 300;
      ctx.drawImage(img, (W - size) / 2, (H - size) / 2, size, size);
      const { data } = ctx.getImageData(0, 0, W, H);
      const y: number[] = [];
      for (let i = 0; i < data.length; i += 4) y.push(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
      return y;
    },
    { src: `/qr/${secret}.png`, W, H },
  );
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(luma), Buffer.alloc((W / 2) * (H / 2) * 2, 128)]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

// Makes the door app's icons (src/web/public/icons/, docs/decisions/0035-offline-door.md) from one drawing:
// the favicon's T on the brand colour, with a check mark; `maskable` keeps it inside the 80 % safe zone.
// Run once after changing the drawing: node scripts/pwa-icons.mjs
import sharp from 'sharp';

const drawing = (maskable) => {
  const scale = maskable ? 0.72 : 1;
  const off = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${maskable ? 0 : 7}" fill="#32251b"/>
<g transform="translate(${off} ${off}) scale(${scale})"><path d="M7 8h14v3h-5.5v11h-3V11H7z" fill="#f4e9d1"/>
<path d="M18.5 21.5l2.5 2.5 5-5.5" fill="none" stroke="#7ddc9b" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;
};

const out = 'src/web/public/icons';
for (const [name, size, maskable] of [
  ['checkin-192.png', 192, false],
  ['checkin-512.png', 512, false],
  ['checkin-maskable-512.png', 512, true],
  ['checkin-apple-180.png', 180, true],
]) {
  await sharp(Buffer.from(drawing(maskable)))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`${out}/${name}`);
}

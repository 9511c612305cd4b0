import sharp from 'sharp';

/** A generated hero for the sample event (no stock photo ships with the app): dusk sky, string lights. */
export async function sampleHeroPng(): Promise<Buffer> {
  const bulbs = Array.from({ length: 24 }, (_, i) => {
    const x = 30 + i * 50;
    const y = 150 + Math.round(40 * Math.sin((i / 23) * Math.PI));
    return `<circle cx="${x}" cy="${y}" r="9" fill="#ffd98a" opacity="0.95"/><circle cx="${x}" cy="${y}" r="22" fill="#ffd98a" opacity="0.18"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#2b1d3a"/><stop offset="0.55" stop-color="#8a4b5c"/><stop offset="1" stop-color="#f0a868"/>
  </linearGradient></defs>
  <rect width="1200" height="675" fill="url(#sky)"/>
  <path d="M0 150 Q600 230 1200 150" stroke="#1a1208" stroke-width="3" fill="none"/>
  ${bulbs}
  <path d="M0 560 C200 500 400 540 600 520 C800 500 1000 530 1200 500 L1200 675 L0 675 Z" fill="#243b2a"/>
  <path d="M0 610 C250 570 500 600 700 585 C900 570 1050 600 1200 580 L1200 675 L0 675 Z" fill="#1b2c20"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

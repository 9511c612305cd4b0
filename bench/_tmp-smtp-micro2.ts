import { buildConfirmationEmail } from '../src/server/modules/rsvps/confirmation-email.ts';
import { renderQrPng } from '../src/server/modules/tickets/qr-image.ts';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
const event: any = { id: '3f2b9c1e-8d4a-4f6b-9a2c-1e5d7b8c9a0f', slug: 'g', title: 'Harbour Gala', subtitle: 'An evening', image_url: '/media/0123456789abcdef.jpg',
  theme_colors: { primary: '#2f5d3a', secondary: '#46704f', accent: '#b4492f', background: '#f3f7ef', text: '#1f2d22' }, host_name: 'Grace', event_date: new Date('2031-06-21T18:30:00Z'), end_date: null, timezone: 'Europe/London', location: 'Pier 7', max_attendees: 100, is_paid_event: false, has_payment_keys: false };
const N = Number(process.env.N ?? 2000);
const payloads = Array.from({ length: N }, (_, n) => buildConfirmationEmail({ baseUrl: 'https://t.example', to: `g${n}@example.com`, event, rsvp: { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Guest ${n}`, status: 'confirmed', guest_count: 1, revision: 1 }, updated: false, manageSecret: `m${n}`, ticket: { pin: '1234', qrPng: renderQrPng(`https://t.example/ticket-verification/abc${n}defghijklmnopqrstuvwxyz0123456789`), ticketSecret: `t${n}` } }));
const conc = Number(process.env.C ?? 4);
const mode = process.env.MODE ?? 'A';
const transport = nodemailer.createTransport({ url: process.env.SINK, pool: true, maxConnections: conc, maxMessages: 100 });
const from = 'T <no-reply@t.local>';
const mail = (p: any, k: number) => ({ from, to: p.to, subject: p.subject, text: p.text, html: p.html, messageId: `<k${k}@t.local>`,
  ...(mode.includes('b') ? { textEncoding: 'base64' as const } : {}),
  attachments: p.attachments.map((a: any) => ({ filename: a.filename, content: a.contentBase64, encoding: 'base64', contentType: a.contentType, ...(a.cid ? { cid: a.cid } : {}) })) });
const wrap = (b64: string) => b64.replace(/.{76}(?=.)/g, '$&\r\n');
function handBuilt(p: any, k: number): Buffer {
  const b = `b${k}x${Date.now()}`;
  const alt = `a${b}`;
  const rel = `r${b}`;
  const parts: string[] = [
    `From: ${from}`, `To: ${p.to}`, `Subject: ${p.subject}`, `Message-ID: <k${k}@t.local>`, `Date: ${new Date().toUTCString()}`, 'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${b}"`, '', `--${b}`, `Content-Type: multipart/alternative; boundary="${alt}"`, '',
    `--${alt}`, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', wrap(Buffer.from(p.text).toString('base64')),
    `--${alt}`, `Content-Type: multipart/related; boundary="${rel}"`, '',
    `--${rel}`, 'Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: base64', '', wrap(Buffer.from(p.html).toString('base64')),
  ];
  for (const a of p.attachments) if (a.cid) parts.push(`--${rel}`, `Content-Type: ${a.contentType}; name="${a.filename}"`, 'Content-Transfer-Encoding: base64', `Content-ID: <${a.cid}>`, `Content-Disposition: inline; filename="${a.filename}"`, '', wrap(a.contentBase64));
  parts.push(`--${rel}--`, `--${alt}--`);
  for (const a of p.attachments) if (!a.cid) parts.push(`--${b}`, `Content-Type: ${a.contentType}; name="${a.filename}"`, 'Content-Transfer-Encoding: base64', `Content-Disposition: attachment; filename="${a.filename}"`, '', wrap(a.contentBase64));
  parts.push(`--${b}--`, '');
  return Buffer.from(parts.join('\r\n'));
}
async function send(k: number) {
  if (mode === 'h') { const raw = handBuilt(payloads[k], k); if (k === 0) console.log('hand raw bytes', raw.length); await transport.sendMail({ envelope: { from: 'no-reply@t.local', to: [payloads[k]!.to] }, raw }); return; }
  const m = mail(payloads[k], k);
  if (mode.includes('r')) {
    const raw: Buffer = await new MailComposer(m).compile().build();
    if (k === 0) console.log('raw bytes', raw.length);
    await transport.sendMail({ envelope: { from: 'no-reply@t.local', to: [m.to] }, raw });
  } else await transport.sendMail(m);
}
await send(0);
const cpu0 = process.cpuUsage(); const t0 = performance.now();
let i = 1;
await Promise.all(Array.from({ length: conc }, async () => { while (i < N) await send(i++); }));
const ms = performance.now() - t0; const cpu = process.cpuUsage(cpu0);
console.log(`mode ${mode} C=${conc}: ${N} in ${ms.toFixed(0)} ms = ${(N / ms * 1000).toFixed(0)}/s; client cpu ${((cpu.user + cpu.system) / 1000 / N).toFixed(3)} ms/msg`);
transport.close();

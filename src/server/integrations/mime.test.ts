import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { SendableEmail } from '../db/schema/outbox.ts';
import { composeMessage, mailbox } from './mime.ts';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const ics = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
const payload: SendableEmail = {
  to: 'ada@example.com',
  subject: 'Your ticket for Harbour Gala — “Zoë’s” night 🎉 with a subject long enough to be folded over lines',
  text: 'Hello Ada,\n.\nA line that starts with a dot, and ünïcödé.',
  html: `<p style="color:#123">Hello <b>Ada</b> ${'x'.repeat(300)} <img src="cid:qr@turnout"></p>`,
  attachments: [
    { filename: 'ticket-qr.png', contentType: 'image/png', contentBase64: png.toString('base64'), cid: 'qr@turnout' },
    { filename: 'event.ics', contentType: 'text/calendar', contentBase64: ics.toString('base64') },
  ],
};

async function parse(raw: Buffer | null) {
  expect(raw).not.toBeNull();
  return simpleParser(raw!, { keepCidLinks: true });
}

describe('composeMessage', () => {
  it('writes a message a mail reader reads back exactly: headers, text, HTML, the inline image and the attachment', async () => {
    const from = mailbox('Turnout, Events <no-reply@turnout.example>')!;
    const mail = await parse(
      composeMessage({ from, messageId: '<abc123@turnout.example>', payload, date: new Date('2031-06-21T18:30:00Z') }),
    );
    expect(mail.from?.value).toEqual([{ name: 'Turnout, Events', address: 'no-reply@turnout.example' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : null).toEqual([{ name: '', address: 'ada@example.com' }]);
    expect(mail.subject).toBe(payload.subject);
    expect(mail.messageId).toBe('<abc123@turnout.example>');
    expect(mail.date?.toISOString()).toBe('2031-06-21T18:30:00.000Z');
    expect(mail.text).toBe(payload.text);
    expect(mail.html).toBe(payload.html);
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.contentDisposition, a.contentId, a.content.toString('hex')])).toEqual([
      ['ticket-qr.png', 'image/png', 'inline', '<qr@turnout>', png.toString('hex')],
      ['event.ics', 'text/calendar', 'attachment', undefined, ics.toString('hex')],
    ]);
  });

  it('keeps lines short and CRLF-terminated, and a text-only message is a single part', async () => {
    const raw = composeMessage({ from: mailbox('no-reply@turnout.example')!, messageId: '<m@x>', payload })!.toString();
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
    expect(raw).not.toMatch(/[^\r]\n/);
    const plain = await parse(
      composeMessage({
        from: mailbox('no-reply@turnout.example')!,
        messageId: '<m@x>',
        payload: { to: 'a@b.example', subject: 'Hi', text: 'Hello' },
      }),
    );
    expect(plain.text).toBe('Hello');
    expect(plain.html || null).toBeNull();
    expect(plain.headers.get('content-type')).toMatchObject({ value: 'text/plain' });
    expect(plain.attachments).toEqual([]);
  });

  it('a one-click unsubscribe URL becomes List-Unsubscribe and List-Unsubscribe-Post (RFC 8058); an odd one goes to nodemailer', async () => {
    const from = mailbox('no-reply@turnout.example')!;
    const url = 'https://turnout.example/api/public/rsvps/abc_DEF-123/reminders/one-click';
    const raw = composeMessage({ from, messageId: '<m@x>', payload: { ...payload, unsubscribe: url } });
    expect(raw!.toString()).toContain(`\r\nList-Unsubscribe: <${url}>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n`);
    expect((await parse(raw)).headers.get('list')).toMatchObject({ unsubscribe: { url } });
    expect(composeMessage({ from, messageId: '<m@x>', payload: { ...payload, unsubscribe: 'https://x.example/a>b' } })).toBeNull();
    expect(composeMessage({ from, messageId: '<m@x>', payload: { ...payload, unsubscribe: 'javascript:alert(1)' } })).toBeNull();
  });

  it('a non-ASCII display name of MAIL_FROM is encoded', async () => {
    const mail = await parse(composeMessage({ from: mailbox('Zoë’s Events <z@example.com>')!, messageId: '<m@x>', payload }));
    expect(mail.from?.value).toEqual([{ name: 'Zoë’s Events', address: 'z@example.com' }]);
  });

  it('leaves to nodemailer what it does not write: a non-ASCII address or file name, several senders', () => {
    const from = mailbox('no-reply@turnout.example')!;
    expect(composeMessage({ from, messageId: '<m@x>', payload: { ...payload, to: 'zoë@example.com' } })).toBeNull();
    const oddFile = { ...payload.attachments![1]!, filename: 'ünï.ics' };
    expect(composeMessage({ from, messageId: '<m@x>', payload: { ...payload, attachments: [oddFile] } })).toBeNull();
    expect(mailbox('a@example.com, b@example.com')).toBeNull();
  });
});

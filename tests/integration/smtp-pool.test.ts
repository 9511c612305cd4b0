import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendableEmail } from '../../src/server/db/schema/outbox.ts';
import { createSmtpMailer, type SmtpMailer } from '../../src/server/integrations/smtp.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

// The mail channel's own pool of SMTP connections (integrations/smtp.ts), against real SMTP servers.
const FROM = 'Turnout <no-reply@turnout.local>';
const mail = (n: number, extra: Partial<SendableEmail> = {}): SendableEmail => ({
  to: `guest${n}@example.org`,
  subject: `Your ticket ${n}`,
  text: `Hello ${n}`,
  ...extra,
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
function mailer(url: string, connections: number): SmtpMailer {
  const m = createSmtpMailer({ url, from: FROM, connections });
  cleanups.push(() => m.close());
  return m;
}

describe('the SMTP pool', () => {
  it('sends what the one-pass composer leaves to nodemailer (a non-ASCII file name) intact', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const m = mailer(sink.url, 1);
    const content = Buffer.from('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    await m.send({
      idempotencyKey: 'composer',
      payload: mail(1, {
        attachments: [{ filename: 'fête.ics', contentType: 'text/calendar', contentBase64: content.toString('base64') }],
      }),
    });
    const [got] = sink.accepted;
    expect(got?.subject).toBe('Your ticket 1');
    expect(got?.attachments[0]?.filename).toBe('fête.ics');
    expect(got?.attachments[0]?.content.equals(content)).toBe(true);
  });

  it('reuses a connection, and replaces one the server closed while it was idle', async () => {
    let connections = 0;
    // A server that hangs up on a client idle for 300 ms, as mail servers do after their own timeout.
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      socketTimeout: 300,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const m = mailer(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, 1);

    await m.send({ idempotencyKey: 'a', payload: mail(1) });
    await m.send({ idempotencyKey: 'b', payload: mail(2) });
    expect(connections).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const { response } = await m.send({ idempotencyKey: 'c', payload: mail(3) });
    expect(response).toMatch(/^250/);
    expect(connections).toBe(2);
  });

  it('a send waiting for a busy connection is cancelled by its signal; the pool goes on', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sink = await startSmtpSink(async (m) => {
      if (m.subject === 'Your ticket 1') await held; // the first message stays in flight
      return undefined;
    });
    cleanups.push(() => sink.close());
    const m = mailer(sink.url, 1);
    const first = m.send({ idempotencyKey: 'first', payload: mail(1) });
    const controller = new AbortController();
    const second = m.send({ idempotencyKey: 'second', payload: mail(2), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('given up')), 50);
    await expect(second).rejects.toThrow('given up');
    release();
    await first;
    await m.send({ idempotencyKey: 'third', payload: mail(3) });
    expect(sink.accepted.map((a) => a.subject)).toEqual(['Your ticket 1', 'Your ticket 3']);
    expect(sink.connections()).toBe(1);
  });

  it('a send in flight is cancelled by its signal: its connection is closed and the next send opens another', async () => {
    const sink = await startSmtpSink(async (m) => {
      if (m.subject === 'Your ticket 1') await new Promise((resolve) => setTimeout(resolve, 2_000)); // never answered in time
      return undefined;
    });
    cleanups.push(() => sink.close());
    const m = mailer(sink.url, 1);
    const controller = new AbortController();
    const first = m.send({ idempotencyKey: 'first', payload: mail(1), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('lease half over')), 200);
    await expect(first).rejects.toThrow('lease half over');
    const { response } = await m.send({ idempotencyKey: 'second', payload: mail(2) });
    expect(response).toMatch(/^250/);
    expect(sink.connections()).toBe(2);
  });

  it('a refused message fails with the server’s reply, and the next one goes out', async () => {
    const sink = await startSmtpSink((m) => (m.subject === 'Your ticket 1' ? { code: 552, message: 'Message too large' } : undefined));
    cleanups.push(() => sink.close());
    const m = mailer(sink.url, 1);
    await expect(m.send({ idempotencyKey: 'first', payload: mail(1) })).rejects.toMatchObject({ responseCode: 552 });
    await m.send({ idempotencyKey: 'second', payload: mail(2) });
    expect(sink.accepted.map((a) => a.subject)).toEqual(['Your ticket 2']);
  });
});

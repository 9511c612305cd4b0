import { type AddressInfo, createServer, type Socket } from 'node:net';
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

/** A real smtp-server that accepts everything; `onConnect` may hold the greeting back. */
async function sinkServer(
  opts: { delayGreetingMs?: (n: number) => number; auth?: boolean; holdData?: (recipient: string) => Promise<void> | undefined } = {},
) {
  let connections = 0;
  const delivered: string[] = [];
  const server = new SMTPServer({
    authOptional: !opts.auth,
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    logger: false,
    disableReverseLookup: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'ok' }),
    onConnect(_session, callback) {
      connections++;
      const wait = opts.delayGreetingMs?.(connections) ?? 0;
      setTimeout(() => callback(), wait);
    },
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo.map((r) => r.address).join(',');
      stream.resume();
      stream.on('end', async () => {
        await opts.holdData?.(recipient);
        delivered.push(recipient);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    delivered,
    connections: () => connections,
  };
}

/**
 * A few lines of a fake SMTP server, for what a real one will not do on demand (hang up at AUTH, answer
 * 421, ignore QUIT or RSET): greets, then hands each command line to `answer`; `closedAt` records when
 * each client connection closed.
 */
async function fakeSmtp(answer: (line: string, socket: Socket, session: { inData: boolean }) => void) {
  const closedAt: number[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const session = { inData: false };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of String(chunk).split('\r\n').filter(Boolean)) answer(line, socket, session);
    });
    socket.on('close', () => closedAt.push(performance.now()));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, closedAt };
}

/** 'sent', the rejection's message, or 'pending' if neither came within 3 s. */
const outcomeOf = (sending: Promise<unknown>) =>
  Promise.race([
    sending.then(
      () => 'sent',
      (e: Error) => e.message,
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 3_000)),
  ]);

/** Closes the mailer and expects its one connection to the fake to be gone within a second. */
async function expectClosedAtOnce(m: SmtpMailer, closedAt: number[]) {
  const closing = performance.now();
  m.close();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(closedAt).toHaveLength(1);
  expect(closedAt[0]! - closing).toBeLessThan(1_000);
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
    // A server that hangs up on a client idle for a second, as mail servers do after their own timeout.
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      socketTimeout: 1_000,
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
    await new Promise((resolve) => setTimeout(resolve, 1_600));
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
    await new Promise((resolve) => setTimeout(resolve, 100)); // in flight on the one connection
    const controller = new AbortController();
    const second = m.send({ idempotencyKey: 'second', payload: mail(2), signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50)); // waiting for it
    controller.abort(new Error('given up'));
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
    await m.send({ idempotencyKey: 'warm', payload: mail(0) }); // the connection is open and idle
    const controller = new AbortController();
    const first = m.send({ idempotencyKey: 'first', payload: mail(1), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('lease half over')), 200);
    await expect(first).rejects.toThrow('lease half over');
    const { response } = await m.send({ idempotencyKey: 'second', payload: mail(2) });
    expect(response).toMatch(/^250/);
    expect(sink.connections()).toBe(2);
  });

  it('a refused message fails with the server’s reply, and the next one goes out over the same connection', async () => {
    const sink = await startSmtpSink((m) => (m.subject === 'Your ticket 1' ? { code: 552, message: 'Message too large' } : undefined));
    cleanups.push(() => sink.close());
    const m = mailer(sink.url, 1);
    await expect(m.send({ idempotencyKey: 'first', payload: mail(1) })).rejects.toMatchObject({ responseCode: 552 });
    await m.send({ idempotencyKey: 'second', payload: mail(2) });
    expect(sink.accepted.map((a) => a.subject)).toEqual(['Your ticket 2']);
    expect(sink.connections()).toBe(1); // reset, not reopened
  });

  it('a send whose new connection is still being greeted is cancelled by its signal, and the message never leaves', async () => {
    const sink = await sinkServer({ delayGreetingMs: (n) => (n === 1 ? 5_000 : 0) }); // the first greeting comes late
    const m = mailer(sink.url, 1);
    const controller = new AbortController();
    const started = performance.now();
    const sending = m.send({ idempotencyKey: 'late', payload: mail(1), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('given up')), 100);
    await expect(sending).rejects.toThrow('given up');
    expect(performance.now() - started).toBeLessThan(2_500); // it did not wait for the greeting (5 s) to give up
    expect(sink.delivered).toEqual([]);
    await m.send({ idempotencyKey: 'next', payload: mail(2) }); // the slot was freed
    expect(sink.delivered).toEqual(['guest2@example.org']);
  });

  it('a waiter that gives up while a connection is opened for it leaves that connection to the next send', async () => {
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // guest2's message stays in flight at the server; the pool's second connection is greeted late.
    const sink = await sinkServer({
      delayGreetingMs: (n) => (n === 2 ? 3_000 : 0),
      holdData: (recipient) => (recipient === 'guest2@example.org' ? held : undefined),
    });
    const m = mailer(sink.url, 1);
    await m.send({ idempotencyKey: 'first', payload: mail(1) });
    const inFlightSignal = new AbortController();
    const inFlight = m.send({ idempotencyKey: 'held', payload: mail(2), signal: inFlightSignal.signal });
    await new Promise((resolve) => setTimeout(resolve, 100)); // guest2 is in flight on the one connection
    const waiterSignal = new AbortController();
    const waiter = m.send({ idempotencyKey: 'waiter', payload: mail(3), signal: waiterSignal.signal }); // waits for a slot
    await new Promise((resolve) => setTimeout(resolve, 50)); // composed, and queued for the one slot
    inFlightSignal.abort(new Error('in flight given up')); // its connection closes: a new one opens for the waiter
    await expect(inFlight).rejects.toThrow('in flight given up');
    setTimeout(() => waiterSignal.abort(new Error('waiter given up')), 100); // while that one is being greeted
    await expect(waiter).rejects.toThrow('waiter given up');
    const started = performance.now();
    await m.send({ idempotencyKey: 'after', payload: mail(4) });
    expect(performance.now() - started).toBeLessThan(10_000); // the greeting's 3 s, not the 60 s socket timeout of a lost slot
    expect(sink.connections()).toBe(2);
    expect(sink.delivered).toEqual(['guest1@example.org', 'guest4@example.org']);
    holding();
  });

  it('a login cut off by the server fails the send instead of leaving it pending', async () => {
    // A server that offers AUTH and hangs up when asked to log in.
    const fake = await fakeSmtp((line, socket) => {
      if (/^EHLO/i.test(line)) socket.write('250-fake\r\n250 AUTH PLAIN LOGIN\r\n');
      else if (/^AUTH/i.test(line)) socket.destroy();
      else socket.write('502 no\r\n');
    });
    const m = mailer(fake.url.replace('smtp://', 'smtp://user:secret@'), 1);
    expect(await outcomeOf(m.send({ idempotencyKey: 'auth', payload: mail(1) }))).not.toMatch(/^(sent|pending)$/);
  });

  it('credentials in SMTP_URL are used only where the server offers AUTH', async () => {
    const open = await sinkServer();
    const withAuth = await sinkServer({ auth: true });
    const credentials = (url: string) => url.replace('smtp://', 'smtp://user:secret@');
    await mailer(credentials(open.url), 1).send({ idempotencyKey: 'a', payload: mail(1) });
    await mailer(credentials(withAuth.url), 1).send({ idempotencyKey: 'b', payload: mail(2) });
    expect(open.delivered).toEqual(['guest1@example.org']);
    expect(withAuth.delivered).toEqual(['guest2@example.org']);
  });

  it('a connection the server drops during a send fails that send with the connection’s own error', async () => {
    // A fake server that takes the message, then hangs up instead of answering.
    const fake = await fakeSmtp((line, socket, session) => {
      if (session.inData) {
        if (line === '.') socket.destroy();
      } else if (/^EHLO/i.test(line)) socket.write('250 fake\r\n');
      else if (/^(MAIL|RCPT)/i.test(line)) socket.write('250 OK\r\n');
      else if (/^DATA/i.test(line)) {
        session.inData = true;
        socket.write('354 go on\r\n');
      } else socket.write('502 no\r\n');
    });
    const m = mailer(fake.url, 1);
    const err = await m.send({ idempotencyKey: 'closed', payload: mail(1) }).then(
      () => null,
      (e: unknown) => e as Error & { responseCode?: number },
    );
    expect(err).toBeInstanceOf(Error);
    expect(err?.message).not.toBe('the SMTP connection closed'); // nodemailer's own account of it, not ours
    expect(err?.message).toMatch(/closed/i);
  });

  it('a send given up before it reaches the pool fails at once, and takes no connection', async () => {
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const sink = await sinkServer({ holdData: (recipient) => (recipient === 'guest1@example.org' ? held : undefined) });
    const m = mailer(sink.url, 1);
    const first = m.send({ idempotencyKey: 'first', payload: mail(1) });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the one connection is busy
    const controller = new AbortController();
    const second = m.send({ idempotencyKey: 'second', payload: mail(2), signal: controller.signal });
    controller.abort(new Error('given up')); // while it is still being composed
    expect(await outcomeOf(second)).toBe('given up');
    holding();
    await first;
    await m.send({ idempotencyKey: 'third', payload: mail(3) });
    expect(sink.delivered).toEqual(['guest1@example.org', 'guest3@example.org']);
    expect(sink.connections()).toBe(1);
  });

  it('a server that answers 421 and hangs up (with PIPELINING) fails the send with that reply', async () => {
    const fake = await fakeSmtp((line, socket) => {
      if (/^EHLO/i.test(line)) socket.write('250-fake\r\n250 PIPELINING\r\n');
      else if (/^MAIL/i.test(line)) socket.end('421 4.3.2 System shutting down\r\n');
    });
    const m = mailer(fake.url, 1);
    await expect(m.send({ idempotencyKey: 'x', payload: mail(1) })).rejects.toMatchObject({ responseCode: 421 });
  });

  it('close() ends its connections at once, even where the server would not answer QUIT', async () => {
    // Accepts a message, then ignores everything (QUIT included).
    let done = false;
    const fake = await fakeSmtp((line, socket, session) => {
      if (done) return;
      if (session.inData) {
        if (line === '.') {
          done = true;
          socket.write('250 OK queued\r\n');
        }
      } else if (/^EHLO/i.test(line)) socket.write('250 fake\r\n');
      else if (/^(MAIL|RCPT)/i.test(line)) socket.write('250 OK\r\n');
      else if (/^DATA/i.test(line)) {
        session.inData = true;
        socket.write('354 go on\r\n');
      }
    });
    const m = createSmtpMailer({ url: fake.url, from: FROM, connections: 1 });
    await m.send({ idempotencyKey: 'x', payload: mail(1) });
    await expectClosedAtOnce(m, fake.closedAt);
  });

  it('close() also ends a connection still resetting after a refused message', async () => {
    // Refuses the recipient, then never answers RSET.
    const fake = await fakeSmtp((line, socket) => {
      if (/^EHLO/i.test(line)) socket.write('250 fake\r\n');
      else if (/^MAIL/i.test(line)) socket.write('250 OK\r\n');
      else if (/^RCPT/i.test(line)) socket.write('550 5.1.1 No such user\r\n');
    });
    const m = createSmtpMailer({ url: fake.url, from: FROM, connections: 1 });
    await expect(m.send({ idempotencyKey: 'x', payload: mail(1) })).rejects.toMatchObject({ responseCode: 550 });
    await expectClosedAtOnce(m, fake.closedAt);
  });
});

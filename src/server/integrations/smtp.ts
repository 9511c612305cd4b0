import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { SendableEmail } from '../db/schema/outbox.ts';
import { composeMessage, mailbox } from './mime.ts';

export type SmtpMailer = {
  /**
   * Sends one message; resolves with the server's reply once it accepted the message. `signal` cancels
   * it while it waits for a pooled connection or is being sent.
   */
  send: (opts: {
    idempotencyKey: string;
    payload: SendableEmail;
    signal?: AbortSignal;
  }) => Promise<{ messageId: string; response: string }>;
  close: () => void;
};

/** The domain part of MAIL_FROM ("Turnout <no-reply@turnout.local>" → turnout.local). */
function mailDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'turnout.local';
}

/**
 * The same Message-ID for every attempt of one outbox row, so a receiver (or our tests) can drop the
 * duplicate that at-least-once delivery may produce after a crash between "accepted" and "marked sent".
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const hash = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
  return `<${hash}@${mailDomain(from)}>`;
}

/**
 * Idle pooled connections close after this. Opening one costs a TCP (and TLS) handshake and the SMTP
 * greeting: one message per connection delivered 10 a second to a local smtp-server, the pool ~700.
 */
const POOL_IDLE_MS = 30_000;
/** Messages one connection carries before it is closed and a new one opened (as nodemailer's own pool). */
const MAX_MESSAGES = 100;
/** Error codes of nodemailer's SMTPConnection for a connection that failed, not for a refused message. */
const CONNECTION_FAILURES = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EPROTOCOL']);

type Envelope = { from: string; to: string[] };
type Pooled = {
  smtp: SMTPConnection;
  sent: number;
  closed: boolean;
  idleTimer?: NodeJS.Timeout;
  /** Fails the message in flight on this connection when it closes under it. */
  onDrop?: () => void;
};
type Waiter = { grant: (conn: Pooled) => void; fail: (err: unknown) => void };

const settle = <T>(start: (done: (err?: Error | null, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => start((err, value) => (err ? reject(err) : resolve(value as T))));

/**
 * Mail over SMTP_URL (smtp:// or smtps://, credentials and tls.* options in the URL) through a pool of
 * up to `connections` of nodemailer's SMTPConnection, kept open while there is mail to send.
 *
 * The pool is ours rather than nodemailer's pooled transport: that transport pipes every message
 * through its Mailer, plugin chain and a MIME stream of its own before the connection's, which cost as
 * much CPU again as the rest of a confirmation's delivery (1,005–1,054 µs a message in all, 547 µs
 * handing the composed message to the connection directly: docs/decisions/0019-outbox-keeps-up.md).
 * What nodemailer's pool did for us, this does too: a connection is reused for up to MAX_MESSAGES,
 * closed after POOL_IDLE_MS idle, dropped on any failure; a message that finds a reused connection
 * already closed by the server goes once more over a new one; a wait for a connection or a send in
 * flight is cancelled by the caller's signal (the connection is closed then).
 */
export function createSmtpMailer(opts: { url: string; from: string; connections: number }): SmtpMailer {
  const { auth, ...urlOptions } = parseConnectionUrl(opts.url);
  const connectionOptions = { ...urlOptions, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
  const from = mailbox(opts.from);
  const idle: Pooled[] = [];
  const waiting: Waiter[] = [];
  let open = 0;
  let closed = false;

  const drop = (conn: Pooled) => {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.idleTimer);
    const i = idle.indexOf(conn);
    if (i >= 0) idle.splice(i, 1);
    open--;
    conn.smtp.close();
    const inFlight = conn.onDrop;
    conn.onDrop = undefined;
    inFlight?.();
    serveWaiting();
  };

  const connect = async (): Promise<Pooled> => {
    const smtp = new SMTPConnection(connectionOptions);
    const conn: Pooled = { smtp, sent: 0, closed: false };
    let failConnect: ((err: Error) => void) | undefined;
    // Errors before the greeting fail the connect; later ones (an idle connection the server closed) drop it.
    smtp.on('error', (err: Error) => (failConnect ? failConnect(err) : drop(conn)));
    smtp.once('end', () => drop(conn));
    try {
      await new Promise<void>((resolve, reject) => {
        failConnect = reject;
        smtp.connect(() => resolve());
      });
      if (auth) await settle<boolean>((done) => smtp.login(auth, done));
      failConnect = undefined;
      return conn;
    } catch (err) {
      failConnect = undefined;
      drop(conn);
      throw err;
    }
  };

  /** Opens connections for the waiting senders while the pool has room. */
  function serveWaiting() {
    while (!closed && waiting.length > 0 && open < opts.connections) {
      const w = waiting.shift()!;
      open++;
      connect().then(w.grant, w.fail);
    }
  }

  const acquire = (signal?: AbortSignal): Promise<Pooled> => {
    if (closed) return Promise.reject(new Error('the SMTP pool is closed'));
    const reused = idle.pop();
    if (reused) {
      clearTimeout(reused.idleTimer);
      return Promise.resolve(reused);
    }
    if (open < opts.connections) {
      open++;
      return connect();
    }
    return new Promise<Pooled>((resolve, reject) => {
      const w: Waiter = {
        grant: (conn) => {
          signal?.removeEventListener('abort', abort);
          resolve(conn);
        },
        fail: (err) => {
          signal?.removeEventListener('abort', abort);
          reject(err);
        },
      };
      const abort = () => {
        const i = waiting.indexOf(w);
        if (i >= 0) waiting.splice(i, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', abort, { once: true });
      waiting.push(w);
    });
  };

  const release = (conn: Pooled) => {
    if (conn.closed) return;
    if (closed || conn.sent >= MAX_MESSAGES) return drop(conn);
    const w = waiting.shift();
    if (w) return w.grant(conn);
    idle.push(conn);
    conn.idleTimer = setTimeout(() => drop(conn), POOL_IDLE_MS);
    conn.idleTimer.unref();
  };

  /** One message over one connection; the signal closes the connection and rejects at once. */
  const sendOn = (conn: Pooled, envelope: Envelope, raw: string | Buffer, signal?: AbortSignal) =>
    new Promise<{ response?: string }>((resolve, reject) => {
      const abort = () => {
        reject(signal!.reason);
        drop(conn);
      };
      signal?.addEventListener('abort', abort, { once: true });
      conn.onDrop = () => reject(Object.assign(new Error('the SMTP connection closed during the send'), { code: 'ECONNECTION' }));
      conn.smtp.send(envelope, raw, (err, info) => {
        signal?.removeEventListener('abort', abort);
        conn.onDrop = undefined;
        if (err) reject(err);
        else resolve(info);
      });
    });

  /** The whole message and its envelope: composed in one pass where it can be (mime.ts), else by nodemailer's composer. */
  const compose = async (messageId: string, payload: SendableEmail): Promise<{ envelope: Envelope; raw: string | Buffer }> => {
    const raw = from ? composeMessage({ from, messageId, payload }) : null;
    if (raw && from) return { envelope: { from: from.address, to: [payload.to] }, raw };
    const node = new MailComposer({
      from: opts.from,
      to: payload.to,
      subject: payload.subject,
      text: payload.text,
      html: payload.html,
      messageId,
      attachments: payload.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.contentBase64,
        encoding: 'base64',
        ...(a.cid ? { cid: a.cid } : {}),
      })),
    }).compile();
    const { from: sender, to } = node.getEnvelope();
    return { envelope: { from: sender || '', to }, raw: await node.build() };
  };

  return {
    async send({ idempotencyKey, payload, signal }) {
      signal?.throwIfAborted();
      const messageId = messageIdFor(idempotencyKey, opts.from);
      const { envelope, raw } = await compose(messageId, payload);
      for (let attempt = 0; ; attempt++) {
        const conn = await acquire(signal);
        const reused = conn.sent > 0;
        conn.sent++;
        try {
          const info = await sendOn(conn, envelope, raw, signal);
          release(conn);
          return { messageId, response: String(info.response ?? '') };
        } catch (err) {
          drop(conn);
          const code = (err as { code?: string }).code;
          const stale = reused && code !== undefined && CONNECTION_FAILURES.has(code);
          if (attempt === 0 && stale && !signal?.aborted) continue;
          throw err;
        }
      }
    },
    close() {
      closed = true;
      for (const conn of [...idle]) drop(conn);
      for (const w of waiting.splice(0)) w.fail(new Error('the SMTP pool is closed'));
    },
  };
}

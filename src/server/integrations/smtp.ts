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
/** How long a QUIT to an idle connection may go unanswered before the connection is closed anyway. */
const QUIT_WAIT_MS = 2_000;

type Envelope = { from: string; to: string[] };
type Pooled = {
  smtp: SMTPConnection;
  sent: number;
  closed: boolean;
  idleTimer?: NodeJS.Timeout;
  /** The connection's last error: what a message in flight on it fails with when it closes. */
  lastError?: Error;
  /** Fails the message in flight on this connection when the connection closes under it. */
  onDrop?: () => void;
};
type Waiter = { grant: (conn: Pooled) => void; fail: (err: unknown) => void };

const closedError = () => Object.assign(new Error('the SMTP connection closed'), { code: 'ECONNECTION' });

/**
 * Mail over SMTP_URL (smtp:// or smtps://, credentials and tls.* options in the URL) through our own pool
 * of up to `connections` nodemailer SMTPConnections: nodemailer's pooled transport cost as much CPU again
 * as the rest of a delivery (ADR 0019). It does what that pool did (AUTH only where offered, reuse up to
 * MAX_MESSAGES, QUIT when idle, drop on failure, cancel by signal); a failed message is never resent
 * here: the outbox reschedules it.
 */
export function createSmtpMailer(opts: { url: string; from: string; connections: number }): SmtpMailer {
  const { auth, authMethod, forceAuth, ...urlOptions } = parseConnectionUrl(opts.url);
  const connectionOptions = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000, ...urlOptions };
  const login = auth && { ...auth, ...(typeof authMethod === 'string' ? { method: authMethod } : {}) };
  const from = mailbox(opts.from);
  const idle: Pooled[] = [];
  const opening = new Set<Pooled>();
  /** Handed to a send (or resetting after one): close() must reach these too. */
  const inUse = new Set<Pooled>();
  const waiting: Waiter[] = [];
  let open = 0;
  let closed = false;

  /**
   * Closes a connection and frees its slot, once. `politely` (an idle, healthy one): QUIT first, closed
   * anyway after QUIT_WAIT_MS if the server does not answer.
   */
  const drop = (conn: Pooled, politely = false) => {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.idleTimer);
    const i = idle.indexOf(conn);
    if (i >= 0) idle.splice(i, 1);
    opening.delete(conn);
    inUse.delete(conn);
    open--;
    if (politely) {
      conn.smtp.quit();
      setTimeout(() => conn.smtp.close(), QUIT_WAIT_MS).unref();
    } else conn.smtp.close();
    // nodemailer reports a send's failure after closing the connection (a 421, say): its account, with
    // the server's reply, wins; this only settles a send that would otherwise never hear.
    const inFlight = conn.onDrop;
    conn.onDrop = undefined;
    if (inFlight) setImmediate(inFlight);
    serveWaiting();
  };

  /** A new connection, greeted and logged in; the signal (or close()) abandons it. */
  const connect = async (signal?: AbortSignal): Promise<Pooled> => {
    const smtp = new SMTPConnection(connectionOptions);
    const conn: Pooled = { smtp, sent: 0, closed: false };
    /** Rejects the step under way (greeting, login) when the connection fails or closes during it. */
    let failStep: ((err: Error) => void) | undefined;
    smtp.on('error', (err: Error) => {
      conn.lastError = err;
      if (failStep) failStep(err);
      else if (!conn.onDrop) drop(conn); // idle (the server hung up); a send in flight gets the error itself
    });
    smtp.once('end', () => {
      failStep?.(conn.lastError ?? closedError());
      drop(conn);
    });
    const step = (start: (done: (err?: Error | null) => void) => void) =>
      new Promise<void>((resolve, reject) => {
        failStep = reject;
        start((err) => (err ? reject(err) : resolve()));
      });
    const abandon = () => drop(conn);
    opening.add(conn);
    signal?.addEventListener('abort', abandon, { once: true });
    try {
      await step((done) => smtp.connect(done));
      if (login && (smtp.allowsAuth || forceAuth)) await step((done) => smtp.login(login, done));
      if (conn.closed) throw signal?.reason ?? conn.lastError ?? closedError();
      return conn;
    } catch (err) {
      drop(conn);
      throw signal?.aborted ? signal.reason : err;
    } finally {
      failStep = undefined;
      opening.delete(conn);
      signal?.removeEventListener('abort', abandon);
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

  /** A connection for one message: an idle one, a new one while there is room, else the next one freed. */
  const acquire = (signal?: AbortSignal): Promise<Pooled> => {
    if (closed) return Promise.reject(new Error('the SMTP pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const reused = idle.pop();
    if (reused) {
      clearTimeout(reused.idleTimer);
      inUse.add(reused);
      return Promise.resolve(reused);
    }
    if (open < opts.connections) {
      open++;
      return connect(signal);
    }
    return new Promise<Pooled>((resolve, reject) => {
      let given = false;
      const w: Waiter = {
        grant: (conn) => {
          given = true;
          signal?.removeEventListener('abort', abort);
          // Given up while a connection was opened for it: the next waiter (or the pool) takes it.
          if (signal?.aborted) {
            release(conn);
            reject(signal.reason);
          } else resolve(conn);
        },
        fail: (err) => {
          signal?.removeEventListener('abort', abort);
          reject(err);
        },
      };
      const abort = () => {
        if (given) return;
        const i = waiting.indexOf(w);
        if (i >= 0) waiting.splice(i, 1); // else a connection is being opened for it: grant passes it on
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', abort, { once: true });
      waiting.push(w);
    });
  };

  const release = (conn: Pooled) => {
    if (conn.closed) return;
    if (closed || conn.sent >= MAX_MESSAGES) return drop(conn, !closed);
    const w = waiting.shift();
    if (w) return w.grant(conn); // still in use, by the next send
    inUse.delete(conn);
    idle.push(conn);
    conn.idleTimer = setTimeout(() => drop(conn, true), POOL_IDLE_MS);
    conn.idleTimer.unref();
  };

  /** One message over one connection; the signal closes the connection and rejects at once. */
  const sendOn = (conn: Pooled, envelope: Envelope, raw: string | Buffer, signal?: AbortSignal) =>
    new Promise<{ response?: string }>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const abort = () => {
        reject(signal!.reason);
        drop(conn);
      };
      signal?.addEventListener('abort', abort, { once: true });
      conn.onDrop = () => reject(conn.lastError ?? closedError());
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
      ...(payload.unsubscribe
        ? { list: { unsubscribe: payload.unsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
        : {}),
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
      const conn = await acquire(signal);
      inUse.add(conn);
      conn.sent++;
      try {
        const info = await sendOn(conn, envelope, raw, signal);
        release(conn);
        return { messageId, response: String(info.response ?? '') };
      } catch (err) {
        const { code, responseCode } = err as { code?: string; responseCode?: number };
        // The server refused this message (its envelope or content), not the connection: reset and reuse it.
        if (!closed && !conn.closed && (code === 'EENVELOPE' || code === 'EMESSAGE') && responseCode !== 421)
          conn.smtp.reset((resetErr) => (resetErr ? drop(conn) : release(conn)));
        else drop(conn);
        throw err;
      }
    },
    close() {
      closed = true;
      for (const conn of [...idle]) drop(conn);
      for (const conn of [...opening, ...inUse]) drop(conn);
      for (const w of waiting.splice(0)) w.fail(new Error('the SMTP pool is closed'));
    },
  };
}

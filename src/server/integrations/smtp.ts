import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
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

/**
 * A pooled nodemailer SMTP transport from SMTP_URL (smtp:// or smtps://, credentials in the URL),
 * keeping up to `connections` connections open while there is mail to send.
 */
export function createSmtpMailer(opts: { url: string; from: string; connections: number }): SmtpMailer {
  const transport = nodemailer.createTransport({
    url: opts.url,
    pool: true,
    maxConnections: opts.connections,
    maxMessages: 100,
    idleTimeout: POOL_IDLE_MS,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const from = mailbox(opts.from);
  return {
    async send({ idempotencyKey, payload, signal }) {
      const messageId = messageIdFor(idempotencyKey, opts.from);
      // Composed in one pass where it can be (integrations/mime.ts), else by nodemailer from the fields.
      const raw = from ? composeMessage({ from, messageId, payload }) : null;
      if (raw && from) {
        const info = await transport.sendMail({ envelope: { from: from.address, to: [payload.to] }, raw, messageId, signal });
        return { messageId, response: String(info.response ?? '') };
      }
      const info = await transport.sendMail({
        from: opts.from,
        to: payload.to,
        subject: payload.subject,
        text: payload.text,
        html: payload.html,
        messageId,
        signal,
        attachments: payload.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.contentBase64,
          encoding: 'base64',
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
      return { messageId, response: String(info.response ?? '') };
    },
    close: () => transport.close(),
  };
}

import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the sink answers to one incoming message: accept (undefined) or an SMTP error. */
export type SinkReply = undefined | { code: number; message: string };

export type SmtpSink = {
  url: string;
  /** Every message whose DATA was received, accepted or not, in arrival order. */
  arrived: ParsedMail[];
  /** Messages the sink acknowledged with 250 (the sender may consider them delivered). */
  accepted: ParsedMail[];
  /** How many accepted copies of each Message-ID. */
  acceptedPerMessageId: () => Map<string, number>;
  /** SMTP connections opened to the sink so far. */
  connections: () => number;
  /** Resolves once `n` messages were accepted. */
  waitForAccepted: (n: number) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server (smtp-server) that parses what it receives with mailparser. `decide` runs before
 * the reply to DATA and may delay it (hold a message in flight) or refuse the message.
 */
export async function startSmtpSink(
  decide: (mail: ParsedMail, arrival: number) => SinkReply | Promise<SinkReply> = () => undefined,
): Promise<SmtpSink> {
  const arrived: ParsedMail[] = [];
  const accepted: ParsedMail[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let connections = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        try {
          const mail = await simpleParser(Buffer.concat(chunks));
          arrived.push(mail);
          const reply = await decide(mail, arrived.length);
          if (reply) {
            callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
            return;
          }
          accepted.push(mail);
          for (const w of waiters.filter((x) => accepted.length >= x.n)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  // A client that dies mid-session (a test kills an app with -9) resets its connection: smtp-server
  // reports that as an 'error' event, which without a listener would be an uncaught exception.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    accepted,
    connections: () => connections,
    acceptedPerMessageId: () => {
      const counts = new Map<string, number>();
      for (const m of accepted) counts.set(m.messageId ?? '', (counts.get(m.messageId ?? '') ?? 0) + 1);
      return counts;
    },
    waitForAccepted: (n) => (accepted.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

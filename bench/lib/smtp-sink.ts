import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type BenchSmtpSink = { url: string; close: () => Promise<void> };

/**
 * The far side of SMTP for the bench server (BENCH_SMTP): a real smtp-server on 127.0.0.1 that
 * accepts every message and throws its body away, so the outbox worker's real nodemailer path
 * (pooled connections, MIME encoding) is what a scenario's e-mails go through.
 */
export async function startBenchSmtpSink(): Promise<BenchSmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

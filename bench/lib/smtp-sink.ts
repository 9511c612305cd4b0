import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { forkSelf, isForkedAs } from './child.ts';

export type BenchSmtpSink = { url: string; close: () => Promise<void> };

/**
 * The far side of SMTP for the bench server (BENCH_SMTP): a real smtp-server on 127.0.0.1 that accepts every
 * message and throws its body away, so the outbox worker's real SMTP path is what a scenario's e-mails go
 * through. It runs in a process of its own, as a mail server would: in the harness's process its parsing of
 * every message delayed the load generator's reading of the answers, which then counted against the server.
 */
export async function startBenchSmtpSink(): Promise<BenchSmtpSink> {
  const child = forkSelf(import.meta.url, '--serve');
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code}) before listening`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function serve() {
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
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.server.address() as AddressInfo;
    process.send?.({ port });
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

if (isForkedAs(import.meta.url, '--serve')) serve();

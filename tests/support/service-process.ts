import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

/** A helper program the tests start (PgBouncer, nginx): its output so far, and a stop that also removes its folder. */
export type ServiceProcess = { child: ChildProcess; log: () => string; stop: () => Promise<void> };

/**
 * Spawns `bin args`, keeps its output (and `logFile`, when it writes one) for failure messages, and waits up to
 * 10 s until `ready()` says yes; it fails at once if the program exits. `stop` sends `stopSignal`, waits for the
 * exit and removes `dir`.
 */
export async function startServiceProcess(opts: {
  bin: string;
  args: string[];
  dir: string;
  logFile: string;
  stopSignal: NodeJS.Signals;
  ready: (log: string) => boolean | Promise<boolean>;
}): Promise<ServiceProcess> {
  let out = '';
  const child = spawn(opts.bin, opts.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const log = () => `${out}${existsSync(opts.logFile) ? readFileSync(opts.logFile, 'utf8') : ''}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(opts.stopSignal);
      await exited;
    }
    rmSync(opts.dir, { recursive: true, force: true });
  };
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`${opts.bin} exited with ${child.exitCode}:\n${log()}`);
    }
    if (await opts.ready(log())) return { child, log, stop };
    if (Date.now() > until) {
      const seen = log();
      await stop();
      throw new Error(`${opts.bin} did not start:\n${seen}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

import type { ChildProcess } from 'node:child_process';
import type { Logger } from '../logger.ts';

/** docs/decisions/0008-embedded-postgres-supervision.md */
export type RestartPolicy = { firstDelayMs: number; maxDelayMs: number; maxFailures: number; windowMs: number };

export const RESTART_POLICY: RestartPolicy = { firstDelayMs: 250, maxDelayMs: 5_000, maxFailures: 5, windowMs: 60_000 };

/**
 * Keeps the embedded postmaster running while the app runs: when it exits unexpectedly, it is started
 * again (`launch`: the same orphan and stale-pid handling as the first start) after a doubling delay.
 * Every exit and every failed start is a failure; `maxFailures` within `windowMs` means it cannot be kept
 * up, and `onGiveUp` is called once (the app then stops and exits non-zero). stop() ends supervision
 * first, so a shutdown never triggers a restart.
 */
export class PostmasterSupervisor {
  private child: ChildProcess | undefined;
  private stopped = false;
  private failures: number[] = [];
  private delay: number;
  private timer: NodeJS.Timeout | undefined;
  private launching: Promise<void> | undefined;

  constructor(
    private readonly launch: () => Promise<ChildProcess>,
    private readonly log: Logger,
    private readonly onGiveUp: (err: Error) => void,
    private readonly policy: RestartPolicy = RESTART_POLICY,
  ) {
    this.delay = policy.firstDelayMs;
  }

  /** The running postmaster's pid (undefined while it is being restarted). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Supervises a running postmaster. */
  watch(child: ChildProcess) {
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.stopped || this.child !== child) return;
      this.child = undefined;
      const err = new Error(`the embedded PostgreSQL exited (code ${code}, signal ${signal})`);
      this.failed(err, 'embedded PostgreSQL exited unexpectedly; restarting it', { pid: child.pid, code, signal });
    });
  }

  /** Ends supervision; waits for a start in progress. Returns the postmaster to stop, if one runs. */
  async stop(): Promise<ChildProcess | undefined> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.launching;
    return this.child;
  }

  private failed(err: Error, msg: string, fields: Record<string, unknown> = {}) {
    const now = Date.now();
    this.failures = [...this.failures.filter((t) => now - t < this.policy.windowMs), now];
    if (this.failures.length >= this.policy.maxFailures) {
      this.stopped = true;
      this.log.fatal(
        { err, ...fields, failures: this.failures.length, windowMs: this.policy.windowMs },
        'embedded PostgreSQL keeps failing; giving up so a process manager can restart the app',
      );
      this.onGiveUp(err);
      return;
    }
    this.log.error({ err, ...fields, retryMs: this.delay }, msg);
    this.timer = setTimeout(() => {
      this.launching = this.restart().finally(() => {
        this.launching = undefined;
      });
    }, this.delay);
    this.timer.unref();
    this.delay = Math.min(this.delay * 2, this.policy.maxDelayMs);
  }

  private async restart() {
    if (this.stopped) return;
    let child: ChildProcess;
    try {
      child = await this.launch();
    } catch (err) {
      if (!this.stopped) this.failed(err as Error, 'embedded PostgreSQL did not start again; retrying');
      return;
    }
    this.delay = this.policy.firstDelayMs;
    this.log.warn({ pid: child.pid }, 'embedded PostgreSQL restarted');
    this.watch(child);
    // A shutdown that began while it started: stop() returns this child to be stopped.
  }
}

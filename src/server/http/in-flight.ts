import type { MiddlewareHandler } from 'hono';

/**
 * The requests whose handler is still running, counted by the app's first middleware. A handler runs
 * on after its client has gone (the socket closed, so the HTTP server no longer waits for it): shutdown
 * waits for this count as well as for the server's connections before the pool ends (src/server/shutdown.ts).
 */
export class InFlight {
  private n = 0;
  private waiters: (() => void)[] = [];
  private readonly draining = new AbortController();

  /** Aborted when shutdown begins: a response that would stay open (the live check-in stream) ends on it. */
  get closing(): AbortSignal {
    return this.draining.signal;
  }

  /** Shutdown has begun (stopAll). */
  close() {
    this.draining.abort();
  }

  get size() {
    return this.n;
  }

  middleware(): MiddlewareHandler {
    return async (_c, next) => {
      this.n += 1;
      try {
        await next();
      } finally {
        this.n -= 1;
        if (this.n === 0) for (const wake of this.waiters.splice(0)) wake();
      }
    };
  }

  /** Resolves once no handler runs. */
  idle(): Promise<void> {
    return this.n === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

import type { Auth, SessionUser } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { RateLimits } from './rate-limit.ts';

/** What every request handler can reach: the process-wide dependencies and per-request values. */
export type Deps = {
  env: Env;
  db: Db;
  auth: Auth;
  log: Logger;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    log: Logger;
    /** The app's rate limits (one per app, shared with every process through the database). */
    limits: RateLimits;
    user: SessionUser | null;
  };
};

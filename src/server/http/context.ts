import type { ApiKeyScope } from '../../common/schemas/api-keys.ts';
import type { Metrics } from './metrics.ts';
import type { Auth, SessionUser } from '../auth/auth.ts';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { CheckinHub } from '../domain/checkin-hub.ts';
import type { Channels } from '../integrations/channels.ts';
import type { RateLimits } from './rate-limit.ts';
import type { AnswersFirst } from './answers-first.ts';
import type { DoorFirst } from './door-first.ts';

/**
 * Every in-memory cache of one app. Its members are module classes, so the wiring file that creates
 * them (app-caches.ts) adds them to this interface: http/ names no module (docs/ARCHITECTURE.md#boundaries).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in app-caches.ts
export interface AppCaches {}

/** What main.ts (or a test) gives createApp: the process-wide dependencies. */
export type BaseDeps = {
  env: Env;
  db: Db;
  auth: Auth;
  log: Logger;
};

/** What every request handler can reach: the base dependencies and the app's own caches and channels (createApp). */
export type Deps = BaseDeps & {
  caches: AppCaches;
  /** E-mail and SMS delivery (the outbox worker's), closed by the app's close(). */
  channels: Channels;
  /** The live check-in stream's subscribers and LISTEN connection (domain/checkin-hub.ts). */
  checkinHub: CheckinHub;
  /** Request and RSVP counters for GET /metrics (http/metrics.ts). */
  metrics: Metrics;
  /** New answers wait while the door is busy (http/door-first.ts). */
  doorFirst: DoorFirst;
  /** Event-page views wait a turn while answers are in flight and the loop is late (http/answers-first.ts). */
  answersFirst: AnswersFirst;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    log: Logger;
    /** The app's rate limits (one per app, shared with every process through the database). */
    limits: RateLimits;
    user: SessionUser | null;
    /** Origins that may frame this answer (http/security-headers.ts); unset: none may. */
    frameAncestors?: readonly string[];
    /** Set when the request authenticated with an API key instead of a session (auth/api-keys.ts). */
    apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
    /** The route label of a request the SPA handler served (a page's pattern, or static files): http/metrics.ts. */
    metricsRoute?: string;
  };
};

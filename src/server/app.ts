import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { createAppCaches } from './app-caches.ts';
import { CheckinHub } from './domain/checkin-hub.ts';
import { checkinStats } from './modules/checkin/checkin-stats.ts';
import { teamEvent } from './modules/checkin/team-event.ts';
import { Channels } from './integrations/channels.ts';
import { apiKeyAuth, type KeyScopes, keyScopesOf } from './auth/api-keys.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { connectionFailure } from './db/connection-errors.ts';
import { AppError, type ErrorBody, errorForStatus, malformedJson, ThrownValue, unavailable } from './errors.ts';
import { mountApiDocs } from './http/api-docs.ts';
import { limitBodies } from './http/body-limit.ts';
import { AnswersFirst } from './http/answers-first.ts';
import { DoorFirst } from './http/door-first.ts';
import { InFlight } from './http/in-flight.ts';
import { Metrics } from './http/metrics.ts';
import { metricsRoutes } from './http/metrics.routes.ts';
import type { AppEnv, BaseDeps, Deps } from './http/context.ts';
import { RateLimits } from './http/rate-limit.ts';
import { routeIds, routeLabel } from './http/route-label.ts';
import { sameOriginWrites } from './http/same-origin.ts';
import { securityHeaders } from './http/security-headers.ts';
import { Spa } from './http/spa.ts';
import { validationError } from './http/validation.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { mountModules } from './modules/index.ts';
import { MEDIA_UPLOAD_PATH } from './modules/media/media.routes.ts';
import { GUEST_IMPORT_UPLOAD_PATH } from './modules/guest-imports/guest-imports.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { projectRoot } from './project-root.ts';

/** Beside the running server bundle (DIST_DIR/server → DIST_DIR/client), else ./dist/client. */
function defaultClientDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === 'server' && !here.includes(`${path.sep}src${path.sep}`)
    ? path.join(here, '..', 'client')
    : path.join(projectRoot(), 'dist', 'client');
}

export type CreateAppOptions = { clientDir?: string };

/**
 * The whole HTTP app without listen(): main.ts serves it, tests call app.request(). The app owns its
 * process state (rate limits, caches, delivery channels and the public events' LISTEN connection): `deps` is
 * `base` plus this app's caches and channels (any in `base` are not reused), and close() ends them, before the pool closes.
 * `inFlight` counts the handlers still running: shutdown waits for them before anything closes (src/server/shutdown.ts).
 */
export function createApp(base: BaseDeps, opts: CreateAppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>();
  // Counts every handler until it ends, so shutdown ends the pool only after it (src/server/shutdown.ts).
  const inFlight = new InFlight();
  const deps: Deps = {
    env: base.env,
    db: base.db,
    auth: base.auth,
    log: base.log,
    caches: createAppCaches(base),
    channels: new Channels(base.env),
    checkinHub: new CheckinHub({ ...base, stats: checkinStats, mayWatch: teamEvent, closing: inFlight.closing }),
    metrics: new Metrics(),
    doorFirst: new DoorFirst(),
    answersFirst: new AnswersFirst(),
  };
  const clientDir = opts.clientDir ?? defaultClientDir();
  const spa = new Spa(clientDir);
  const limits = new RateLimits({ pool: deps.db.$client, enabled: deps.env.RATE_LIMIT, log: deps.log });
  app.use(inFlight.middleware()); // first

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('deps', deps);
    c.set('limits', limits);
    c.set('requestId', requestId);
    const log = deps.log.child({ reqId: requestId });
    c.set('log', log);
    c.header('X-Request-Id', requestId);
    const start = performance.now();
    await next();
    const elapsed = performance.now() - start;
    deps.metrics.observe(c, elapsed / 1000);
    if (log.isLevelEnabled('info')) {
      const ms = Math.round(elapsed * 10) / 10;
      // The route's pattern and ids, never the path: it holds secrets (docs/product.md#privacy-and-safety).
      const key = c.var.apiKey ? { apiKeyId: c.var.apiKey.id } : {};
      log.info({ method: c.req.method, route: routeLabel(c), ...routeIds(c), ...key, status: c.res.status, ms }, 'request');
    }
  });
  app.use(securityHeaders());
  // Hono hands only Error instances to onError and lets anything else thrown (a string, the plain objects some
  // libraries throw) escape as an empty 500 that nobody logs: wrap it, so every failure goes through onError.
  app.use(async (_c, next) => {
    try {
      await next();
    } catch (thrown) {
      throw thrown instanceof Error ? thrown : new ThrownValue(thrown);
    }
  });
  app.use(limitBodies({ exceptPaths: [MEDIA_UPLOAD_PATH, GUEST_IMPORT_UPLOAD_PATH] }));

  app.onError((err, c) => {
    const requestId = c.var.requestId;
    const log = c.var.log ?? deps.log;
    const lostDb = connectionFailure(err);
    let appErr: AppError | undefined;
    if (err instanceof AppError) appErr = err;
    else if (err instanceof ZodError) appErr = validationError(err);
    else if (lostDb) appErr = unavailable();
    else if (err instanceof HTTPException && err.status < 500) {
      appErr = err.status === 400 && /json/i.test(err.message) ? malformedJson() : errorForStatus(err.status, err.message);
    }
    if (!appErr || appErr.code === 'internal') {
      log.error({ err, route: routeLabel(c), method: c.req.method }, 'unhandled error');
      const body: ErrorBody = {
        error: { code: 'internal', message: `Something went wrong on our side (request ${requestId}).`, requestId },
      };
      return c.json(body, 500);
    }
    // The driver's code and message only: a wrapped query error's text would carry the statement and its values.
    if (lostDb) log.warn({ db: lostDb, route: routeLabel(c), method: c.req.method }, 'database unavailable');
    if (appErr.headers) for (const [k, v] of Object.entries(appErr.headers)) c.header(k, v);
    const body: ErrorBody = {
      error: { code: appErr.code, message: appErr.message, ...(appErr.fields ? { fields: appErr.fields } : {}) },
    };
    return c.json(body, appErr.status as ContentfulStatusCode);
  });

  // An API key's request acts as its account on the routes that allow its scope (read once all are mounted).
  let keyScopes: KeyScopes | undefined;
  app.use(
    '/api/*',
    apiKeyAuth(() => (keyScopes ??= keyScopesOf(app.openAPIRegistry))),
  );
  app.use('/api/*', sameOriginWrites());
  app.route('/', healthRoutes());
  app.route('/', metricsRoutes());
  app.route('/api/auth', authRoutes());
  app.route('/api/setup', setupRoutes());
  mountModules(app, spa);
  mountApiDocs(app, { clientDir });

  app.all('/api/*', () => {
    throw new AppError('not_found', 'No such API endpoint.');
  });
  spa.mount(app);
  const close = async () => {
    deps.doorFirst.close();
    deps.answersFirst.close();
    deps.channels.close();
    await deps.checkinHub.close();
    await deps.caches.close();
  };
  return { app, spa, deps, close, inFlight };
}

export type App = ReturnType<typeof createApp>['app'];

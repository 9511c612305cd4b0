import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { createDb } from './db/client.ts';
import { DataDirInUseError, type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { EnvError, loadEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { startWorkers } from './workers.ts';

async function main() {
  const started = performance.now();
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(env.LOG_LEVEL);

  let embedded: EmbeddedPostgres | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    try {
      embedded = await startEmbeddedPostgres(env.DATA_DIR, log);
    } catch (err) {
      if (err instanceof DataDirInUseError) {
        log.fatal(err.message);
        console.error(err.message);
        process.exit(2);
      }
      throw err;
    }
    url = embedded.url;
  }
  await runMigrations(url);
  const db = createDb(url, env.DB_POOL_SIZE);
  const auth = createAuth(db, env);
  const deps = { env, db, auth, log };
  const { app } = createApp(deps);

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const workers = startWorkers(deps);
  const port = (server.address() as AddressInfo).port;
  log.info(
    { ms: Math.round(performance.now() - started), database: embedded ? `embedded (${embedded.pgdata})` : 'DATABASE_URL' },
    `Turnout is listening on http://localhost:${port}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      // A request that never ends must not leave the embedded database running after we exit.
      log.error('shutdown took longer than 20 s; stopping the database and exiting');
      void Promise.resolve(embedded?.stop()).finally(() => process.exit(1));
    }, 20_000);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await workers.stop();
    await db.$client.end();
    await embedded?.stop();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Turnout failed to start:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAuth, RESET_LINK_MINUTES } from './auth/auth.ts';
import { createResetLink } from './auth/reset-link.ts';
import { createUser } from './auth/create-user.ts';
import { createDb } from './db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { AppError } from './errors.ts';
import { EnvError, loadEnv } from './env.ts';
import { createLogger } from './logger.ts';

const USAGE = `Usage: npm run user:create -- --email EMAIL --password PASSWORD [--name NAME] [--admin]
       npm run user:reset-password -- --email EMAIL   (prints a one-time link to choose a new password)`;

/** The running app's embedded server, if any: its socket is usable while the app owns the data dir. */
function liveEmbeddedUrl(dataDir: string): string | undefined {
  const pgdata = path.resolve(dataDir, 'pg');
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return `postgresql://postgres@localhost/turnout?host=${encodeURIComponent(pgdata)}`;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'user:create' && command !== 'user:reset-password') {
    console.error(USAGE);
    process.exit(64);
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean' } },
  });
  if (!values.email || (command === 'user:create' && !values.password)) {
    console.error(USAGE);
    process.exit(64);
  }
  const env = loadEnv();
  const log = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  let embedded: EmbeddedPostgres | undefined;
  let url = env.DATABASE_URL ?? liveEmbeddedUrl(env.DATA_DIR);
  if (!url) {
    embedded = await startEmbeddedPostgres(env.DATA_DIR, log);
    url = embedded.url;
  }
  const db = createDb(url, 2, undefined, env.DATABASE_DIRECT_URL);
  try {
    await runMigrations(env.DATABASE_DIRECT_URL ?? url);
    const auth = createAuth(db, env, log);
    if (command === 'user:reset-password') {
      // docs/product.md#password-recovery: printed here, on the server's terminal, never mailed or logged.
      const { link, expiresAt } = await createResetLink({ auth, baseUrl: env.PUBLIC_BASE_URL, email: values.email });
      console.log(`Open this link to choose a new password for ${values.email.trim().toLowerCase()}.`);
      console.log(`It works once, until ${expiresAt.toISOString()} (${RESET_LINK_MINUTES} minutes):\n\n  ${link}\n`);
      return;
    }
    const user = await createUser({
      auth,
      email: values.email,
      password: values.password ?? '',
      name: values.name,
      role: values.admin ? 'admin' : 'host',
    });
    console.log(`Created ${values.admin ? 'admin' : 'host'} account ${user.email} (id ${user.id})`);
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

main().catch((err) => {
  if (err instanceof AppError) {
    const details = err.fields
      ? Object.entries(err.fields)
          .map(([k, v]) => `\n  ${k}: ${v}`)
          .join('')
      : '';
    console.error(`${err.message}${details}`);
  } else if (err instanceof EnvError) console.error(err.message);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

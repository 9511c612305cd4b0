/**
 * A separate worker process for the crash test: drains the outbox of DATABASE_URL once and exits.
 * Run with `npx tsx tests/support/outbox-drain-child.ts` and the env the app would have.
 */
import { createDb } from '../../src/server/db/client.ts';
import { loadEnv } from '../../src/server/env.ts';
import { createLogger } from '../../src/server/logger.ts';
import { Channels } from '../../src/server/integrations/channels.ts';
import { drainOutbox } from '../../src/server/modules/outbox/worker.ts';

const env = loadEnv();
if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required');
const db = createDb(env.DATABASE_URL, 2);
const channels = new Channels(env);
const sent = await drainOutbox({ env, db, log: createLogger(env.LOG_LEVEL), channels });
channels.close();
await db.$client.end();
process.stdout.write(`sent ${sent}\n`);

/**
 * `npm run db:backup` / `db:restore` round trip on the embedded database (README "Backups"): a backup
 * taken while the app serves, a write after it, a restore: the app starts on the backup's state.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AppProcess,
  clusterDir,
  cookieOf,
  execFileP,
  post,
  query,
  ROOT,
  sigterm,
  socketUrl,
  startApp,
  tempDir,
  withBuiltServer,
} from '../support/app-process.ts';

withBuiltServer('db-backup', { client: false });

const script = (name: string) => path.join(ROOT, 'scripts', name);
const run = (name: string, dataDir: string, args: string[]) =>
  execFileP(process.execPath, [script(name), ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } });

async function createEvent(app: AppProcess, cookie: string, title: string) {
  const res = await post(
    app,
    '/api/events',
    { title, event_date: new Date(Date.now() + 86_400_000).toISOString(), timezone: 'UTC', location: 'Hall' },
    cookie,
  );
  expect(res.status).toBe(201);
}

describe('db:backup and db:restore', () => {
  it('round-trips the embedded database: a backup taken while serving comes back without later writes', async () => {
    const dataDir = clusterDir();
    const file = path.join(tempDir(), 'turnout.tar.gz');
    const app = await startApp({ DATA_DIR: dataDir });
    const owner = await post(app, '/api/setup/owner', { name: 'Maya Berg', email: 'owner@example.com', password: 'correct-horse-battery' });
    expect(owner.status).toBe(200);
    const cookie = cookieOf(owner);
    await createEvent(app, cookie, 'Kept Supper');

    const backup = await run('db-backup.mjs', dataDir, [file]);
    expect(backup.stdout).toContain('db:backup:');
    expect(existsSync(file)).toBe(true);
    await createEvent(app, cookie, 'Lost Lunch');

    // A restore refuses while the app runs.
    await expect(run('db-restore.mjs', dataDir, [file])).rejects.toThrow(/stop it first/);
    await sigterm(app);
    const restored = await run('db-restore.mjs', dataDir, [file]);
    expect(restored.stdout).toContain('before-restore');

    const again = await startApp({ DATA_DIR: dataDir });
    const titles = (await query<{ title: string }>(socketUrl(dataDir), 'SELECT title FROM events ORDER BY title')).map((r) => r.title);
    expect(titles).toEqual(['Kept Supper']);
    // The restored database is a working one: the owner signs in and writes.
    const signIn = await post(again, '/api/auth/sign-in/email', { email: 'owner@example.com', password: 'correct-horse-battery' });
    expect(signIn.status).toBe(200);
    await createEvent(again, cookieOf(signIn), 'After Restore');
    await sigterm(again);

    // A file that is not a backup is refused before anything is moved.
    await expect(run('db-restore.mjs', dataDir, [path.join(ROOT, 'package.json')])).rejects.toThrow();
  }, 180_000);
});

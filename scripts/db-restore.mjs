// `npm run db:restore -- FILE`: replaces the embedded database (DATA_DIR/pg) with a backup made by
// `npm run db:backup`. Turnout must be stopped; the current files are kept beside it
// (DATA_DIR/pg.before-restore-…). On its next start PostgreSQL replays the backup's WAL and opens it.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';

function fail(msg) {
  console.error(`db:restore: ${msg}`);
  process.exit(1);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (process.env.DATABASE_URL) fail('DATABASE_URL is set: restore your own PostgreSQL with its pg_restore.');
const file = process.argv[2] ? path.resolve(process.argv[2]) : fail('usage: npm run db:restore -- FILE.tar.gz');
if (!existsSync(file)) fail(`${file} does not exist`);
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const pgdata = path.join(dataDir, 'pg');
for (const pidFile of [path.join(dataDir, 'turnout.pid'), path.join(pgdata, 'postmaster.pid')]) {
  if (!existsSync(pidFile)) continue;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && alive(pid)) fail(`Turnout (or its PostgreSQL, pid ${pid}) is running on ${dataDir}: stop it first`);
}
// The archive must be one of ours before anything is moved.
const members = execFileSync('tar', ['tzf', file], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).split('\n');
if (!members.includes('./PG_VERSION')) fail(`${file} is not a Turnout database backup (no PG_VERSION)`);

let kept = '';
let owner;
if (existsSync(pgdata)) {
  const st = statSync(pgdata);
  owner = { uid: st.uid, gid: st.gid };
  kept = `${pgdata}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(pgdata, kept);
}
mkdirSync(pgdata, { recursive: true, mode: 0o700 });
execFileSync('tar', ['xzf', file, '-C', pgdata]);
mkdirSync(path.join(pgdata, 'pg_wal'), { recursive: true });
chmodSync(pgdata, 0o700);
// Running as root, the embedded PostgreSQL runs as 'postgres': the files keep the previous owner.
if (owner && process.getuid?.() === 0) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, pgdata]);
console.log(`db:restore: ${file} → ${pgdata}${kept ? `; the previous files are in ${kept}` : ''}. Start Turnout to open it.`);

import { chmodSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded PostgreSQL's logs (docs/ARCHITECTURE.md, "The embedded database"): errors without the
 * statement, its parameters or DETAIL lines (a refused RSVP's INSERT holds the guest's name, e-mail, phone,
 * PIN and e-mail body), written by PostgreSQL's logging collector into DATA_DIR/pg/log/ with mode 0600,
 * rotated by size and pruned to the newest few files. DATA_DIR/postgres.log keeps only what the server
 * prints before its collector starts (start-up failures), and the previous start's as postgres.log.1.
 */

/** Inside the cluster directory (relative to it), so the 'postgres' user can always write there. */
export const LOG_DIR = 'log';
const ROTATE_KB = 10 * 1024;
/** Files kept in LOG_DIR: at most about KEEP_FILES × ROTATE_KB on disk. */
export const KEEP_FILES = 5;

/** `-c` settings for the postgres command line: they win over postgresql.conf and ALTER SYSTEM. */
export const LOG_SETTINGS = [
  'logging_collector=on',
  `log_directory=${LOG_DIR}`,
  'log_filename=postgresql-%Y-%m-%d_%H%M%S.log',
  'log_file_mode=0600',
  `log_rotation_size=${ROTATE_KB}kB`,
  'log_rotation_age=1d',
  'log_truncate_on_rotation=off',
  // An error's primary message only: no STATEMENT (it inlines the values), no DETAIL ("Key (email)=(…)"),
  // no CONTEXT or bind parameters. LOG lines such as lock waits print no statement either.
  'log_min_error_statement=panic',
  'log_error_verbosity=terse',
  'log_parameter_max_length_on_error=0',
  'log_parameter_max_length=0',
  'log_statement=none',
  'log_min_duration_statement=-1',
];

/** Before a start: the last start's output becomes postgres.log.1 (replacing the older one); both 0600. */
export function rotateStartupLog(logFile: string) {
  if (existsSync(logFile)) renameSync(logFile, `${logFile}.1`);
  if (existsSync(`${logFile}.1`)) chmodSync(`${logFile}.1`, 0o600);
}

/** Deletes all but the KEEP_FILES newest files of the collector's directory (it rotates but never deletes). */
export function pruneLogs(pgdata: string) {
  const dir = path.join(pgdata, LOG_DIR);
  if (!existsSync(dir)) return;
  // Named by their start time (log_filename): the names sort oldest first.
  const files = readdirSync(dir)
    .filter((name) => name.startsWith('postgresql-'))
    .sort();
  for (const name of files.slice(0, -KEEP_FILES)) rmSync(path.join(dir, name), { force: true });
}

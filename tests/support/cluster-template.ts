import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { createLogger } from '../../src/server/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped, initialised embedded cluster (a DATA_DIR's pg/) that clusterDir() copies. */
    pgClusterTemplate?: string;
  }
}

/**
 * The process-level project's global setup: initdb once per run. The embedded server is started once
 * in a temp DATA_DIR the way the app starts it (initdb, the `turnout` database) and stopped; each test
 * that needs its own cluster but is not about initdb copies its pg/ (app-process.ts clusterDir()).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-cluster-'));
  const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
  await embedded.stop();
  // Its logs would be a test's: PostgreSQL makes log/ anew on the first start of each copy.
  rmSync(path.join(embedded.pgdata, 'log'), { recursive: true, force: true });
  project.provide('pgClusterTemplate', embedded.pgdata);
  return () => rmSync(dir, { recursive: true, force: true });
}

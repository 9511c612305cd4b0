import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared by the e2e global setup and fixtures. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The build the servers run: $DIST_DIR (npm test: .dist-test), default dist/. */
export const DIST = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');
/** The migrated template database (global-setup.ts) each spec file's database is copied from. */
export const E2E_TEMPLATE_VAR = 'TURNOUT_E2E_TEMPLATE_DB';

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * docs/product.md#performance-targets (ADR 0003): every public page's first-load JS (entry, modulepreloads and their static
 * imports, gzip -9) stays within 90 kB on the build these tests run against. Lazy chunks (dialogs,
 * toasts, the .ics builder) are not counted. `npm run bench` prints the same figures.
 * It reads the build only, so it takes Playwright's plain `test` (no server fixture).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { FIRST_LOAD_BUDGET_BYTES, publicFirstLoads } from '../../bench/lib/first-load-js.ts';

const clientDir = path.resolve(process.env.DIST_DIR ?? 'dist', 'client');

test('public pages ship at most 90 kB of gzip JS on first load, and no router or admin code', () => {
  expect(existsSync(path.join(clientDir, 'guest')), `no guest start-ups in ${clientDir}: build first`).toBe(true);
  for (const load of publicFirstLoads(clientDir)) {
    const kB = (load.gzipBytes / 1000).toFixed(1);
    test.info().annotations.push({ type: 'first-load JS', description: `${load.page}: ${kB} kB gzip in ${load.files.length} files` });
    expect(load.gzipBytes, `${load.page}: ${kB} kB (${load.files.join(', ')})`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
    // The walk reached the page and the framework, not just the entry file.
    expect(load.modules, load.page).toEqual(
      expect.arrayContaining(['node_modules/react-dom/cjs/react-dom-client.production.js', 'src/web/guest/mount.tsx']),
    );
    // Neither the full app's router and admin screens nor tailwind-merge reach a guest page's first load.
    const foreign = load.modules.filter((m) =>
      /node_modules\/(react-router|tailwind-merge)\/|src\/web\/(router\.tsx|routes\/(admin|auth)\/)/.test(m),
    );
    expect(foreign, load.page).toEqual([]);
  }
});

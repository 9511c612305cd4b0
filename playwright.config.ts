import { existsSync, statfsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests on Debian's Chromium (its headless shell, /usr/bin/chromium or CHROMIUM_PATH); never a downloaded browser.
 * Each spec file gets a fresh database, under the worker's built server (kept for its next file with the same
 * `serverEnv`): see tests/e2e/fixtures.ts; the global setup
 * checks the build and migrates the template database those are copied from (tests/e2e/global-setup.ts).
 */
// Debian's chromium-headless-shell (the old headless mode, no browser UI) takes about half the CPU of the full
// browser for the same tests; `--headed` debugging needs CHROMIUM_PATH=/usr/bin/chromium.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
// Shared memory in /dev/shm unless it is too small (a container's 64 MB): then Chromium must use /tmp's files.
const smallShm = (() => {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.bsize * fs.bavail < 2 ** 30;
  } catch {
    return true;
  }
})();
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  // Without the background-networking flags Chromium keeps dialling Google on this closed network.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    ...(smallShm ? ['--disable-dev-shm-usage'] : []),
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Compositing in software without the GPU process's GL path: about a fifth less browser CPU, same pixels.
    '--disable-gpu-compositing',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions,
    screenshot: 'only-on-failure',
    trace: 'off',
    locale: 'en-US',
    timezoneId: 'UTC',
    // As a person who asked for less motion (src/web/styles.css): no pulse or spinner keeps Chromium drawing frames,
    // and nothing waits for a transition. foundation.spec.ts runs with motion, as most people see the app.
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      // 375 px wide phone; runs the tests tagged @mobile (guest-facing screens), to keep CI short.
      name: 'mobile',
      grep: /@mobile/,
      use: { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
});

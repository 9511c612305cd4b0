import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';

// Evaluated through the DevTools protocol: our CSP (script-src 'self') rightly refuses an injected <script>.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 A/AA violations on the page as it is now, readable in a failure message. axe is
 * evaluated once per document (a dialog opened on the same page reuses it), and only violations get their
 * nodes collected: no test reads the passes or the inapplicable rules.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations as Result[];
  });
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page's WCAG 2.1 A/AA violations once its requests have settled (as tests/e2e/accessibility.spec.ts runs it). */
export async function wcagViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return axeViolations(page);
}

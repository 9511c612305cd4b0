import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const B = 'http://localhost:4517';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [1280, 375]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, baseURL: B });
  await ctx.request.post(`${B}/api/auth/sign-in/email`, { data: { email: 'owner@example.com', password: 'correct-horse-battery' }, headers: { origin: B } });
  const page = await ctx.newPage();
  const run = async (what) => {
    await page.evaluate(AXE);
    const r = await page.evaluate(async () => (await window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })).violations.map((v) => `${v.id}: ${v.nodes.slice(0,3).map((n) => n.target.join(' ')).join(' | ')}`));
    console.log(width, what, r.length ? r : 'ok');
  };
  await page.goto('/auth/admin?tab=guest-list'); await page.waitForTimeout(1500); await run('list');
  await page.getByRole('checkbox', { name: /Select every/ }).first().check(); await page.waitForTimeout(300); await run('list selected');
  await page.getByRole('button', { name: /QR Code of/ }).first().click(); await page.waitForTimeout(1000); await run('qr dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Details of/ }).first().click(); await page.waitForTimeout(1000); await run('detail dialog');
  await page.goto('/'); await page.waitForTimeout(1000); await run('dashboard');
  await page.goto('/auth/admin'); await page.waitForTimeout(1000); await run('events');
  await page.getByRole('link', { name: /Guests of/ }).first().click(); await page.waitForTimeout(1000); await run('event guests dialog');
  await page.goto('/auth/admin'); await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'Backfill QR Codes' }).click(); await page.waitForTimeout(500); await run('backfill');
  await ctx.close();
}
await browser.close();

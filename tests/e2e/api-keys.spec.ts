/**
 * API keys on the account page (docs/product.md#api-keys): a host makes a key with the keyboard, copies its
 * secret (shown once), another program uses it within its scope and is refused outside it, the list shows
 * its last use, and a revoke (asked first) stops it at once. Desktop and 375 px (@mobile).
 */
import { request as httpClient } from '@playwright/test';
import { wcagViolations } from '../support/axe.ts';
import { createOwner, expect, screenshot, test } from './fixtures.ts';

test(
  'a host makes a key, a script uses it within its scope, and a revoke stops it',
  { tag: '@mobile' },
  async ({ page, server }, testInfo) => {
    await createOwner(page, server);
    await page.goto('/auth/account');
    const section = page.getByRole('region', { name: 'API keys' });
    await expect(section.getByText('You have no API keys.')).toBeVisible();

    // An empty form names what is missing.
    await section.getByRole('button', { name: 'Make the key' }).click();
    await expect(section.getByText('Name the key after what will use it.')).toBeVisible();
    await expect(section.getByText('Choose at least one thing the key may do.')).toBeVisible();

    await section.getByLabel('Name').fill(`Website sync ${testInfo.project.name}`);
    await section.getByRole('checkbox', { name: /Read events/ }).focus();
    await page.keyboard.press('Space');
    await section.getByLabel('Expires').selectOption('90');
    await section.getByRole('button', { name: 'Make the key' }).press('Enter');
    await expect(section.getByRole('status')).toContainText('Copy its key now: it is not shown again.');
    const secret = (await section.locator('code').filter({ hasText: /^trn_/ }).textContent())?.trim() ?? '';
    expect(secret).toMatch(/^trn_/);
    expect(await wcagViolations(page)).toEqual([]);
    await screenshot(page, testInfo, 'api-key-made');

    // Another program, with no cookie: the key reads events, and nothing else.
    const script = await httpClient.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
    expect((await script.get('/api/events')).status()).toBe(200);
    const refused = await script.get('/api/settings');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('api_key_not_allowed');

    await section.getByRole('button', { name: 'I have copied it' }).click();
    const row = section.getByRole('listitem').filter({ hasText: 'Website sync' });
    await page.reload();
    await expect(row).toContainText('Last used just now');
    await expect(row).toContainText('Read events');
    await expect(row).not.toContainText(secret);
    await screenshot(page, testInfo, 'api-key-list');

    await row.getByRole('button', { name: /^Revoke Website sync/ }).click();
    const confirm = page.getByRole('alertdialog', { name: /Revoke “Website sync/ });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(section.getByText('You have no API keys.')).toBeVisible();
    expect((await script.get('/api/events')).status()).toBe(401);
    await script.dispose();
  },
);

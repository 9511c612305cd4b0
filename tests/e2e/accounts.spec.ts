/**
 * Accounts (docs/product.md#password-recovery, #account, #sessions): recovery through the e-mailed
 * link read from the dev mailbox, and a sign-out in one tab ending the session in the other.
 */
import type { Browser } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import type { TDevMailMessage, TDevMailPage } from '../../src/common/schemas/dev-mailbox.ts';
import { createOwner, createUser, expect, OWNER, ownerApi, PASSWORD, screenshot, signIn, type TestServer, test } from './fixtures.ts';

test('a forgotten password is reset through the e-mailed link, weak passwords show why', async ({ page, server, playwright }) => {
  const owner = await ownerApi(playwright, server);
  const email = `forgetful-${Date.now().toString(36)}@example.com`;
  await createUser(server, { email });

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  // The e2e server keeps e-mail in the dev mailbox (DEV_MAILBOX=true): the page says so, and where the link is.
  await expect(page.getByRole('heading', { name: 'No e-mail is sent' })).toBeVisible();
  await expect(page.getByText('its link to choose a new password is in the dev mailbox')).toBeVisible();

  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await owner.get('/api/dev-mailbox?channel=email&limit=100')).json()) as TDevMailPage;
        const mail = list.items.find((m) => m.to === email && /Reset your Turnout password/.test(m.subject ?? ''));
        if (!mail) return undefined;
        const full = (await (await owner.get(`/api/dev-mailbox/${mail.id}`)).json()) as TDevMailMessage;
        link = /(https?:\/\/\S*reset-password\S*)/.exec(full.text)?.[1];
        return link;
      },
      { timeout: 15_000, message: `the recovery e-mail to ${email}` },
    )
    .toBeTruthy();

  await page.goto(link ?? '');
  const field = page.getByLabel('New password');
  await field.fill('password123');
  await expect(page.getByText('This password is too common.')).toBeVisible();
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This password is too common.' })).toBeVisible();
  await field.fill('a-fresh-strong-secret');
  await expect(page.getByText('Strong enough.')).toBeVisible();
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-fresh-strong-secret');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: /^Hello,/ })).toBeVisible();

  // The link worked once.
  await page.goto(link ?? '');
  await page.getByLabel('New password').fill('another-strong-secret');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await owner.dispose();
});

test('signing out in one tab signs out the other within a second', async ({ page, server, context }) => {
  await createOwner(page, server);
  await page.goto('/auth/account');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await other.getByRole('button', { name: 'Sign Out' }).click();
  await expect(other).toHaveURL(/\/auth$/);
  await expect(page).toHaveURL(/\/auth(\?next=.*)?$/, { timeout: 1500 });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('a session ended elsewhere shows Session expired and signs back in to the same page', async ({ page, server, playwright }) => {
  await createOwner(page, server);
  await page.goto('/auth/account');
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  // Another device of the same account ends every other session, this browser's included.
  const elsewhere = await playwright.request.newContext({ baseURL: server.baseURL });
  await createOwner(elsewhere, server);
  const res = await elsewhere.post('/api/auth/revoke-other-sessions', { data: {}, headers: { origin: server.baseURL } });
  expect(res.status()).toBe(200);
  await page.getByRole('region', { name: 'Profile' }).getByLabel('Name').fill('Owner Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Session expired')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?next=%2Fauth%2Faccount$/);
  await page.getByLabel('Email').fill(server.owner?.email ?? '');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\/account$/);
  await elsewhere.dispose();
});

test('two-factor: enrol with the QR code, then sign in with a code computed here', async ({ page, server }) => {
  await createOwner(page.request, server);
  const owner = await createUser(server, { email: `two-factor-${Date.now().toString(36)}@example.com` });
  await signIn(page, owner.email, owner.password);
  await page.goto('/auth/account');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByLabel('Your password').fill(owner.password);
  await card.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await card.locator('code').textContent()) ?? '';
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 });
  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('alert')).toBeVisible();
  await card.getByLabel('Code from the app').fill(totp.generate());
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'I saved them' }).click();

  await page.context().clearCookies();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // The next step's code: the current one turned two-factor on, and a code is accepted once.
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: /^Hello,/ })).toBeVisible();
});

/** A signed-in browser context of its own for `account` (another person at another computer). */
async function personAt(browser: Browser, server: TestServer, account: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signIn(page.request, account.email, account.password, server.baseURL);
  return { context, page };
}

test('People: the owner sees accounts with their events, invites a host, deactivates and reactivates with the keyboard', async ({
  page,
  server,
  browser,
}) => {
  await createOwner(page, server);
  const host = await createUser(server, { email: `people-host-${Date.now().toString(36)}@example.com` });
  const them = await personAt(browser, server, host);
  const created = await them.page.request.post('/api/events', {
    data: { title: 'Rooftop Social', event_date: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    headers: { origin: server.baseURL },
  });
  expect(created.status()).toBe(201);

  await page.goto('/');
  await page.getByRole('link', { name: /^People/ }).click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: host.email });
  await expect(row).toContainText('Rooftop Social');
  await expect(row).toContainText('Owner');
  await expect(row).toContainText('Active');

  // Invite a host: the e-mail goes through the outbox (the dev mailbox here).
  const invitee = `invitee-${Date.now().toString(36)}@example.com`;
  await page.getByLabel('Invite a host').fill('not an address');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel('Invite a host').fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('region', { name: 'Open invitations' })).toContainText(invitee);
  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/api/dev-mailbox?channel=email&limit=100')).json()) as TDevMailPage;
      return list.items.find((m) => m.to === invitee)?.subject;
    })
    .toBe("You're invited to host events on Turnout");

  // The other person is working on their account page.
  await them.page.goto('/auth/account');
  await expect(them.page.getByRole('heading', { name: 'Your account' })).toBeVisible();

  // Deactivate, by keyboard, after the confirmation.
  await row.getByRole('button', { name: /^Deactivate/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('signed out everywhere at once');
  await expect(dialog).toContainText('The event they own passes to you');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Deactivate' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Deactivated');
  await expect(row).not.toContainText('Rooftop Social');
  await expect(page.getByRole('row').filter({ hasText: OWNER.email })).toContainText('Rooftop Social');

  // Their session is over at once, and signing in again says why.
  await them.page.getByRole('region', { name: 'Profile' }).getByLabel('Name').fill('Still Here');
  await them.page.getByRole('button', { name: 'Save name' }).click();
  await expect(them.page.getByText('Session expired')).toBeVisible();
  await them.page.getByLabel('Email').fill(host.email);
  await them.page.getByLabel('Password').fill(host.password);
  await them.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(them.page.getByText('This account has been deactivated.', { exact: false })).toBeVisible();

  // Reactivate: they sign in again.
  await row.getByRole('button', { name: /^Reactivate/ }).click();
  await expect(row).toContainText('Active');
  await them.page.getByRole('button', { name: 'Sign In' }).click();
  await expect(them.page).toHaveURL(/\/auth\/account$/);
  await them.context.close();
});

test('People: the owner requires two-factor for paid events; a host of one sees the banner and the link to enrol', async ({
  page,
  server,
  browser,
}) => {
  await createOwner(page, server);
  const host = await createUser(server, { email: `paid-host-${Date.now().toString(36)}@example.com` });
  const them = await personAt(browser, server, host);
  const created = await them.page.request.post('/api/events', {
    data: {
      title: 'Ticketed Dinner',
      event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      is_paid_event: true,
      ticket_price: 25,
      currency: 'usd',
      stripe_publishable_key: 'pk_test_51Hfake0000publishable',
      stripe_secret_key: 'sk_test_51Hfake0000secret0000abcd',
    },
    headers: { origin: server.baseURL },
  });
  expect(created.status()).toBe(201);

  await page.goto('/auth/people');
  const rule = page.getByRole('switch', { name: 'Require two-factor sign-in for paid events' });
  await expect(rule).toBeEnabled();
  await expect(rule).not.toBeChecked();
  await rule.focus();
  await page.keyboard.press('Space');
  await expect(rule).toBeChecked();

  await them.page.goto('/auth/admin');
  const banner = them.page.getByRole('alert').filter({ hasText: 'requires two-factor sign-in to manage paid events' });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
  await expect(them.page).toHaveURL(/\/auth\/account$/);
  await expect(them.page.getByRole('region', { name: 'Two-factor sign-in' })).toBeVisible();

  // Off again: no banner.
  await rule.click();
  await expect(rule).not.toBeChecked();
  await them.page.goto('/auth/admin');
  await expect(them.page.getByRole('tab', { name: 'Events' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await them.context.close();
});

test('People at 375 px: one card per account, no sideways scrolling @mobile', async ({ page, server }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await createOwner(page, server);
  await createUser(server, { email: `a-rather-long-address-for-a-phone-${Date.now().toString(36)}@example.com` });
  await page.goto('/auth/people');
  const cards = page.getByRole('list', { name: 'Accounts' });
  await expect(cards.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, testInfo, 'people-375');
});

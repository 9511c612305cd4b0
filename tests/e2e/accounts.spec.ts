/**
 * Accounts (docs/product.md#password-recovery, #account, #sessions): recovery through the e-mailed
 * link read from the dev mailbox, and a sign-out in one tab ending the session in the other.
 */
import type { APIRequestContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import type { TDevMailMessage, TDevMailPage } from '../../src/common/schemas/dev-mailbox.ts';
import { createOwner, createUser, expect, PASSWORD, signIn, type TestServer, test } from './fixtures.ts';

async function ownerApi(
  playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } },
  server: TestServer,
) {
  const owner = await playwright.request.newContext({ baseURL: server.baseURL });
  await createOwner(owner, server);
  return owner;
}

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
  await page.getByLabel('Name').fill('Owner Renamed');
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
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: /^Hello,/ })).toBeVisible();
});

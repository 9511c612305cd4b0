import type { Page } from '@playwright/test';
import { createOwner, expect, expectBelow, OWNER, screenshot, test } from './fixtures.ts';

// With motion, as most people see the app (every other spec runs with reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/**
 * On a phone, a toast raised on the form just before the dashboard opens moves below the dashboard's header, so
 * its Sign Out is not covered while the toast shows.
 */
async function toastBelowHeader(page: Page, text: string, project: string) {
  if (project !== 'mobile') return;
  const toast = toasts(page).locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(async () => expectBelow(toast, page.getByRole('banner'))).toPass({ timeout: 3_000 });
}

test('owner setup, sign out, sign in with the form, dashboard, sign out', { tag: '@mobile' }, async ({ page }, testInfo) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Create the owner account' })).toBeVisible();
  await screenshot(page, testInfo, 'owner-setup');

  // The form checks its fields before anything is sent.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' })).toBeVisible();

  await page.getByLabel('Your name').fill('Maya Berg');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toasts(page).getByText('Owner account created')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hello, Maya Berg' })).toBeVisible();
  await toastBelowHeader(page, 'Owner account created', testInfo.project.name);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(toasts(page).getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // Now only Sign In is offered; a wrong password is refused.
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page).getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await screenshot(page, testInfo, 'sign-in-refused');

  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page).getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await toastBelowHeader(page, 'Welcome back!', testInfo.project.name);

  await expect(page.getByRole('heading', { name: 'Hello, Maya Berg' })).toBeVisible();
  await expect(page.getByText('Period: Last 30 days')).toBeVisible();
  await expect(page.getByRole('link', { name: /Events/ })).toHaveAttribute('href', '/auth/admin');
  await expect(page.getByRole('link', { name: /Check In/ })).toHaveAttribute('href', '/checkin');
  await expect(page.getByRole('heading', { name: 'Quick Links' })).toBeVisible();
  await expect(page.getByText('Learning portal')).toBeVisible();
  await expect(page.getByRole('link', { name: /Template example event page/ })).toBeVisible();
  await screenshot(page, testInfo, 'dashboard');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  // The first sign-out's toast may still be on screen (4 s): the newest is the last.
  await expect(toasts(page).getByText('Signed out successfully').last()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  // The session is gone on the server too: the dashboard sends us back to /auth.
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the Events tile opens the signed-in admin area', async ({ page, server }) => {
  await createOwner(page, server);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hello, Maya Berg' })).toBeVisible();
  await page.getByRole('link', { name: /Events/ }).click();
  await expect(page).toHaveURL(/\/auth\/admin$/);
});

test('an unknown route shows the 404 page with HTTP status 404', { tag: '@mobile' }, async ({ page }, testInfo) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await screenshot(page, testInfo, 'not-found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  // Home is the dashboard, which needs a session.
  await expect(page).toHaveURL(/\/auth$/);
});

test('/auth/admin and /admin without a session go to /auth', async ({ page }) => {
  // With the way back (docs/product.md#sessions): signing in returns to the admin area.
  await page.goto('/auth/admin');
  await expect(page).toHaveURL(/\/auth\?next=%2Fauth%2Fadmin$/);
  await expect(toasts(page).getByText('Authentication required')).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?next=%2Fauth%2Fadmin$/);
});

test('/scan goes to /checkin/scan keeping its query', async ({ page }) => {
  await page.goto('/scan?event=abc');
  await expect(page).toHaveURL(/\/checkin\/scan\?event=abc$/);
});

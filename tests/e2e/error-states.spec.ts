/**
 * Failures never leave a blank page (issue 10): the full app's routes have an error element, the guest
 * start-ups an error boundary; both show the shared "could not load" state with Try again.
 */
import { createOwner, expect, test } from './fixtures.ts';

test('a screen whose code cannot be fetched says so, and Try again loads it', { tag: '@mobile' }, async ({ page, server }) => {
  await createOwner(page, server);
  await page.route('**/assets/dashboard-*.js', (route) => route.abort());
  await page.goto('/auth/dashboard');
  await expect(page.getByRole('heading', { name: 'This page could not be loaded.' })).toBeVisible();
  await expect(page.getByText('Check your connection and try again.')).toBeVisible();

  await page.unroute('**/assets/dashboard-*.js');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded.' })).toBeHidden();
  await expect(page.getByRole('button', { name: /sign out/i })).toBeVisible();
});

test('a guest page that breaks shows the same state instead of a blank page', { tag: '@mobile' }, async ({ page }) => {
  // An answer the page cannot render (no event in it) makes it throw while rendering.
  await page.route('**/api/public/events/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"event":null}' }),
  );
  await page.goto('/event/no-such-event-here');
  await expect(page.getByRole('heading', { name: 'This page could not be loaded.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
});

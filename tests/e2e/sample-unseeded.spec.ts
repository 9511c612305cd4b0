/**
 * /sample on a fresh install, before the owner account exists: nobody can own the sample event yet,
 * so the page shows its fixed text with RSVP closed and a way to set the account up. Its own spec
 * file, hence an empty database of its own.
 */
import { expect, test } from './fixtures.ts';

test('the sample page before any account: fixed content, RSVP closed, a link to set up', { tag: '@mobile' }, async ({ page, request }) => {
  expect((await request.get('/sample')).status()).toBe(404);
  await page.goto('/sample');
  await expect(page.getByRole('heading', { level: 1, name: 'Summer Garden Soirée' })).toBeVisible();
  await expect(page.getByText('Hosted by the Turnout team')).toBeVisible();
  const rsvp = page.getByRole('button', { name: 'RSVP' });
  await expect(rsvp).toBeDisabled();
  await expect(rsvp).toHaveAccessibleDescription(/RSVPs open once this Turnout has its owner account/);
  await page.getByRole('link', { name: 'Set it up' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Create the owner account' })).toBeVisible();
});

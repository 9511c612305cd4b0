/**
 * docs/product.md#performance-targets (accessibility 100): axe-core's WCAG 2.1 A/AA rules find nothing on the
 * screens built so far, guest and host, on desktop and at 375 px (@mobile). axe runs inside the page (its
 * source from node_modules); a violation fails with the rule, the impact and the offending elements.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import { wcagViolations } from '../support/axe.ts';
import { createOwner, expect, test } from './fixtures.ts';

async function expectAccessible(page: Page, what: string) {
  expect(await wcagViolations(page), what).toEqual([]);
}

async function seed(request: APIRequestContext) {
  const res = await request.post('/api/events', {
    data: {
      title: 'Lantern Walk',
      subtitle: 'An evening stroll along the river',
      event_date: '2030-10-03T18:00:00Z',
      timezone: 'Europe/London',
      location: 'Riverside Steps',
      main_body_intro: 'Bring a lantern, or borrow one of ours.',
      max_attendees: 40,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const event = ((await res.json()) as { event: TEventAdmin }).event;
  const rsvp = await request.post(`/api/public/events/${event.id}/rsvps`, {
    data: { name: 'Rosa Park', email: `rosa-${Date.now().toString(36)}@example.com`, guest_count: 2, status: 'confirmed' },
  });
  expect(rsvp.status(), await rsvp.text()).toBe(201);
  const answer = (await rsvp.json()) as { ticket_url: string; manage_url: string };
  return { event, ticketUrl: answer.ticket_url, manageUrl: answer.manage_url };
}

// First in the file, so its server has no account yet: the owner set-up form is the first screen.
test('guest pages and the owner set-up pass axe (WCAG 2.1 AA)', { tag: '@mobile' }, async ({ page, server }) => {
  // A dozen pages and dialogs, each audited: more than the default 30 s on a busy machine.
  test.slow();
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Create the owner account' })).toBeVisible();
  await expectAccessible(page, 'owner set-up');

  await createOwner(page, server);
  const { event, ticketUrl, manageUrl } = await seed(page.request);
  // The seeded answer went through this browser's cookies: forget it, so the page offers the RSVP button
  // (the remembered card is checked in tests/e2e/remembered-guest.spec.ts).
  await page.context().clearCookies({ name: /^t(seen|rsvp)_/ });

  await page.goto(`/event/${event.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lantern Walk' })).toBeVisible();
  await expectAccessible(page, 'event page');
  await page.getByRole('button', { name: 'RSVP', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'RSVP dialog');

  await page.goto(ticketUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You - Lantern Walk' })).toBeVisible();
  await expectAccessible(page, 'ticket page');

  await page.goto('/sample');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'sample page');
  await page.getByRole('button', { name: 'RSVP' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'sample RSVP dialog');

  await page.goto('/event/no-such-event');
  await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
  await expectAccessible(page, 'event not found');

  await page.goto(manageUrl);
  await expect(page.getByRole('heading', { name: 'Change your answer' })).toBeVisible();
  await expectAccessible(page, 'manage page');
  await page.getByRole('button', { name: 'Cancel RSVP' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAccessible(page, 'cancel confirmation');

  await page.goto('/rsvp/no-such-link');
  await expect(page.getByRole('heading', { name: 'Find your ticket' })).toBeVisible();
  await expectAccessible(page, 'manage link not found, find your ticket');
});

test('host screens pass axe (WCAG 2.1 AA)', { tag: '@mobile' }, async ({ page, server }) => {
  await createOwner(page, server);
  await seed(page.request);
  await page.goto('/');
  await expect(page.getByText('Period: Last 30 days')).toBeVisible();
  await expectAccessible(page, 'dashboard');

  await page.goto('/auth/admin');
  await expect(page.getByRole('heading', { name: 'Lantern Walk' }).first()).toBeVisible();
  await expectAccessible(page, 'events tab');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'create event dialog');

  await page.goto('/auth/people');
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByText('No one else has an account yet')).toBeVisible();
  await expectAccessible(page, 'people page');

  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expectAccessible(page, '404 page');
});

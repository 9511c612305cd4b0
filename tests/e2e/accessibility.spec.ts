/**
 * docs/product.md#performance-targets (accessibility 100): axe-core's WCAG 2.1 A/AA rules find nothing on the
 * screens built so far, guest and host, on desktop and at 375 px (@mobile). axe runs inside the page (its
 * source from node_modules); a violation fails with the rule, the impact and the offending elements.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import { wcagViolations } from '../support/axe.ts';
import { smallTargets } from '../support/target-size.ts';
import { createOwner, createUser, expect, expectBelow, signIn, test } from './fixtures.ts';

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

/**
 * docs/product.md#accessibility: at 375 px every interactive element of the signed-in screens (host and door)
 * is at least 44×44 px, measured by tests/support/target-size.ts (its header says how, and what is exempt), and
 * a toast sits below the header and the Back control. Data through the API; the screens in one page.
 */
test('signed-in screens have 44 px targets at 375 px; toasts clear the header', { tag: '@mobile' }, async ({ page, server }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the rule is for phones: 375 px wide');
  test.slow();
  await createOwner(page, server);
  const { event, ticketUrl } = await seed(page.request);
  const ticket = await (await page.request.get(`/api/public/tickets/${ticketUrl.split('/').pop()}`)).json();
  const door = await createUser(server);
  // A guest with a phone: the Messaging tab shows recipients as chips.
  const texted = await page.request.post(`/api/public/events/${event.id}/rsvps`, {
    data: {
      name: 'Ada Lovelace',
      email: `ada-${Date.now().toString(36)}@example.com`,
      phone: '+14155550124',
      guest_count: 1,
      status: 'confirmed',
    },
  });
  expect(texted.status(), await texted.text()).toBe(201);
  const cohost = await page.request.post(`/api/events/${event.id}/hosts`, { data: { email: door.email, role: 'door' } });
  expect(cohost.status(), await cohost.text()).toBeLessThan(300);

  const offenders: string[] = [];
  const measure = async (screen: string, scope?: Locator) => {
    for (const line of await smallTargets(page, scope)) offenders.push(`${screen}: ${line}`);
  };
  const visit = async (url: string, ready: Locator, screen: string, scope?: Locator) => {
    await page.goto(url);
    await expect(ready).toBeVisible();
    await page.waitForLoadState('networkidle');
    await measure(screen, scope);
  };
  const dialog = async (open: () => Promise<void>, screen: string) => {
    await open();
    const sheet = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
    await expect(sheet).toBeVisible();
    await measure(screen, sheet);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  };

  await visit('/', page.getByRole('heading', { name: /^Hello,/ }), 'dashboard');
  await visit('/auth/admin', page.getByRole('heading', { name: 'Lantern Walk' }).first(), 'events');
  await dialog(() => page.getByRole('button', { name: 'Create Event' }).click(), 'create event dialog');
  await dialog(() => page.getByRole('button', { name: 'Edit Lantern Walk' }).first().click(), 'edit event dialog');
  // Delete sits in the card's More menu (its items are at least 44 px tall too: measured with the page below).
  await dialog(async () => {
    await page.getByRole('button', { name: 'More actions for Lantern Walk' }).first().click();
    await page.getByRole('menuitem', { name: /^Delete event/ }).click();
  }, 'delete confirmation');
  await visit(`/auth/admin?guests=${event.id}`, page.getByRole('dialog'), 'guests dialog', page.getByRole('dialog'));
  await visit(`/auth/admin?tab=guest-list&event=${event.id}`, page.getByText('Rosa Park').filter({ visible: true }).first(), 'guest list');
  await dialog(() => page.getByRole('button', { name: 'Rosa Park' }).filter({ visible: true }).first().click(), 'guest detail dialog');
  await dialog(
    () => page.getByRole('button', { name: 'QR Code of Rosa Park' }).filter({ visible: true }).first().click(),
    'QR code dialog',
  );
  await visit(`/auth/admin?tab=messaging&event=${event.id}`, page.getByRole('button', { name: 'Remove Ada Lovelace' }), 'messaging');
  await visit('/auth/admin?tab=checkin', page.getByRole('tabpanel'), 'check-in tab');
  await visit('/auth/people', page.getByRole('heading', { name: 'Accounts' }), 'people');
  await visit('/auth/mailbox', page.getByRole('heading', { name: 'Dev mailbox' }), 'dev mailbox');
  await visit('/auth/sms/twilio', page.getByRole('heading', { level: 1 }), 'SMS sandbox');
  await visit(`/checkin?event=${event.id}`, page.getByText('Live', { exact: true }), 'check-in');
  // Reduced motion (every test runs with it: playwright.config.ts) stops the live dot's pulse; without it, it pulses.
  const pulsing = () => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
  expect(await pulsing(), 'animations running with reduced motion').toBe(0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(pulsing, { message: 'the live dot pulses without reduced motion' }).toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await visit(`/checkin/search?event=${event.id}`, page.getByText('Start typing to search guests'), 'check-in search');
  await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill('Rosa');
  await expect(page.getByText('Rosa Park').filter({ visible: true }).first()).toBeVisible();
  await measure('check-in search results');
  // A toast at the door (checking the guest in): below the sticky header with its Back button.
  await page.getByRole('listitem').filter({ hasText: 'Rosa Park' }).getByRole('button').first().click();
  await expectBelow(page.locator('[data-sonner-toast]').first(), page.getByRole('banner'));
  await measure('check-in toast', page.locator('[data-sonner-toaster]'));
  await visit(`/checkin/scan?event=${event.id}`, page.getByRole('heading', { level: 1 }), 'check-in scan');
  const token = String(ticket.verification_url).split('/').pop();
  await visit(`/checkin/verify/${token}?event=${event.id}`, page.getByRole('heading', { name: 'Rosa Park' }), 'ticket verification');
  await visit('/auth/account', page.getByRole('heading', { name: 'Your account' }), 'account');

  // A toast on the account page, which has no header: below its Back control.
  const back = page.getByRole('link', { name: 'Dashboard' });
  await page.getByRole('region', { name: 'Profile' }).getByRole('textbox').first().fill('Maya Berg');
  await page.getByRole('region', { name: 'Profile' }).getByRole('button').first().click();
  const toast = page.locator('[data-sonner-toast]');
  await expectBelow(toast, back);

  // The second step of a two-factor sign-in (a session not yet complete): the door account with two-factor on.
  const secret = await turnOnTwoFactor(page, door);
  expect(secret).not.toBe('');
  await page.goto('/auth');
  await page.getByLabel('Email').fill(door.email);
  await page.getByLabel('Password').fill(door.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await measure('two-factor step');

  expect(offenders, 'targets under 44×44 px at 375 px').toEqual([]);
});

/** Turns two-factor on for `account` through the API (its own request context) and signs this page out. */
async function turnOnTwoFactor(page: Page, account: { email: string; password: string }): Promise<string> {
  await page.context().clearCookies();
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  await signIn(page.request, account.email, account.password, origin);
  const enable = await page.request.post('/api/auth/two-factor/enable', { data: { password: account.password }, headers });
  expect(enable.status(), await enable.text()).toBe(200);
  const secret = new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get('secret') ?? '';
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  const verify = await page.request.post('/api/auth/two-factor/verify-totp', { data: { code: totp.generate() }, headers });
  expect(verify.status(), await verify.text()).toBe(200);
  await page.context().clearCookies();
  return secret;
}

/**
 * A host's own Stripe account (docs/product.md#stripe-account, ADR 0027): entered once on the Account page,
 * "Test the keys" answered by a (fake) Stripe through the real SDK, the webhook endpoint with Copy, and an
 * event with its own keys switched to the account from the event form. Desktop and 375 px (@mobile).
 */
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import { wcagViolations } from '../support/axe.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { smallTargets } from '../support/target-size.ts';
import type { Locator, TestInfo } from '@playwright/test';
import { createEvent, createUser, expect, KEEP_SCREENSHOTS, signIn, test } from './fixtures.ts';

/** The card or dialog alone (the Account page is long on a phone), kept with E2E_SCREENSHOTS=1. */
async function shot(part: Locator, testInfo: TestInfo, name: string) {
  if (!KEEP_SCREENSHOTS) return;
  const file = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await part.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

// The server of this file is pointed at the fake before it starts: a port of its own per worker.
const STRIPE_PORT = 21_000 + (process.pid % 20_000);
let stripe: Awaited<ReturnType<typeof startFakeStripe>> | undefined;

test.use({ serverEnv: { PAYMENTS_PROVIDER: 'sandbox', STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}` } });
test.beforeAll(async () => {
  stripe = await startFakeStripe({ port: STRIPE_PORT });
});
test.afterAll(async () => {
  await stripe?.close();
});

test(
  'a host saves their Stripe keys once, tests them, and switches an event to them',
  { tag: '@mobile' },
  async ({ page, server }, testInfo) => {
    const run = `${testInfo.project.name}${Date.now().toString(36)}`;
    const good = `sk_test_51Hharbour${run}`;
    const revoked = `sk_test_51Hrevoked${run}`;
    stripe!.setAccount(good, { id: 'acct_1Harbour', name: 'Harbour Events Ltd' });
    stripe!.revokeKey(revoked);
    const host = await createUser(server);
    await signIn(page.request, host.email, host.password, server.baseURL);
    // An event from before: its own keys (the same account's key), as hosts pasted them per event.
    const old = await createEvent(page.request, {
      title: `Harbour Supper ${run}`,
      is_paid_event: true,
      ticket_price: 30,
      stripe_publishable_key: 'pk_test_51Hharbour',
      stripe_secret_key: good,
    });

    await page.goto('/auth/account');
    const card = page.getByRole('region', { name: 'Stripe account' });
    await expect(card.getByText('Enter your Stripe keys once')).toBeVisible();
    await card.getByLabel('Publishable key').fill('pk_live_51Hharbour');
    await card.getByLabel('Secret key').fill(good);
    // A live publishable key beside a test secret key: named on its field, nothing saved.
    await card.getByRole('button', { name: 'Save the Stripe account' }).click();
    await expect(card.getByText(/different modes/)).toBeVisible();
    await card.getByLabel('Publishable key').fill('pk_test_51Hharbour');
    await card.getByRole('button', { name: 'Save the Stripe account' }).click();
    await expect(card.getByText(/^sk_test_…\w{4}$/)).toBeVisible();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Stripe account saved' });
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await expect(toast).toBeHidden();
    expect(await page.content()).not.toContain(good);
    await expect(card.getByRole('button', { name: 'Copy the webhook endpoint URL' })).toBeVisible();
    await expect(card.getByText(/\/api\/payments\/webhook\/account\/[0-9a-f-]{36}$/)).toBeVisible();

    // Test the keys: a real read call, through the server, to the (fake) Stripe.
    await card.getByRole('button', { name: 'Test the keys' }).click();
    await expect(card.getByText('The keys work', { exact: true })).toBeVisible();
    await expect(card.getByText('Stripe answered for Harbour Events Ltd (acct_1Harbour), in test mode.')).toBeVisible();
    await expect(card.getByText('Reaches Harbour Events Ltd (acct_1Harbour) in test mode.')).toBeVisible();
    await shot(card, testInfo, 'stripe-account-works');
    // docs/product.md#accessibility: WCAG 2.1 AA, and 44 px targets on the phone.
    expect(await wcagViolations(page), 'account page with a saved Stripe account').toEqual([]);
    if (testInfo.project.name === 'mobile') expect(await smallTargets(page, card)).toEqual([]);

    // A wrong key typed over the saved one: tested, not saved.
    await card.getByRole('button', { name: /Replace the secret key/ }).click();
    await card.getByLabel('Secret key').fill(revoked);
    await card.getByRole('button', { name: 'Test the keys' }).click();
    await expect(card.getByText('Wrong secret key (the keys typed above, not saved yet)')).toBeVisible();
    await shot(card, testInfo, 'stripe-account-wrong-key');
    await card.getByRole('button', { name: /Keep the saved one/ }).click();

    // The old event switches to the account from its form.
    await page.goto('/auth/admin');
    await page.getByRole('button', { name: `Edit ${old.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit event' });
    const choice = dialog.getByRole('radiogroup', { name: 'Guests pay into' });
    await expect(choice.getByRole('radio', { name: /Keys for this event only/ })).toBeChecked();
    await choice.getByText('My Stripe account').click();
    await expect(dialog.getByText(/Saving switches this event to your account/)).toBeVisible();
    await expect(dialog.getByLabel('Stripe publishable key')).toBeHidden();
    await shot(dialog.locator('#event-use_host_stripe_account'), testInfo, 'stripe-account-event-choice');
    expect(await wcagViolations(page), 'event form with the Stripe account choice').toEqual([]);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    const res = await page.request.get(`/api/events/${old.id}`);
    const { event } = (await res.json()) as { event: TEventAdmin };
    expect(event).toMatchObject({ stripe_publishable_key: null, stripe_secret_key_masked: null });
    expect(event.stripe_account_id).not.toBeNull();

    // The card now counts the event, and says the account cannot be removed while it is paid into.
    await page.goto('/auth/account');
    await expect(card.getByText('1 event is paid into this account. It can be removed once none is.')).toBeVisible();
  },
);

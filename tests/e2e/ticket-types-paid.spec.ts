/**
 * A paid order of ticket types on the sandbox payment provider (docs/product.md#ticket-types): a mixed order goes to
 * the checkout with one line per priced type; paid, the success page leads to the order's tickets. Desktop and
 * 375 px (@mobile).
 */
import { expect, ownerApi, screenshot, test, uniqueEmail, paidTypedEvent } from './fixtures.ts';

test.use({ serverEnv: { PAYMENTS_PROVIDER: 'sandbox' } });

test(
  'a mixed paid order: checkout lines per type, then the order’s tickets',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const { event, add } = await paidTypedEvent(owner, `Concert ${testInfo.project.name}`);
    await add({ name: 'VIP', description: 'Balcony and a drink', price: 5000, quantity: 10, max_per_order: 4 });
    await add({ name: 'General', price: 2000 });
    await add({ name: 'Child', description: 'Under 12', price: 0 });

    await page.goto(`/event/${event.slug}`);
    await page.getByRole('button', { name: 'Get tickets', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: event.title });
    await dialog.getByRole('button', { name: 'One VIP more' }).click();
    await dialog.getByRole('button', { name: 'One General more' }).click();
    await dialog.getByRole('button', { name: 'One Child more' }).click();
    await expect(dialog).toContainText('€70.00');
    await dialog.getByLabel('Name').fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill(uniqueEmail(testInfo, 'ada'));
    await screenshot(page, testInfo, 'ticket-types-paid-picker');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/sandbox-checkout\//);
    await expect(page.getByText('VIP × 1 · €50.00')).toBeVisible();
    await expect(page.getByText('General × 1 · €20.00')).toBeVisible();
    await expect(page.getByText('€70.00', { exact: true })).toBeVisible();
    await screenshot(page, testInfo, 'ticket-types-sandbox-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(new RegExp(`/event/${event.slug}/payment-success\\?session_id=cs_`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    const tickets = page.getByRole('region', { name: 'Your tickets' });
    await expect(tickets.getByRole('link')).toHaveCount(3);
    await expect(tickets).toContainText('VIP · 1 of 1');
    await expect(tickets).toContainText('€50.00');
    await screenshot(page, testInfo, 'ticket-types-paid-success');
  },
);

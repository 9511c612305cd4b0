/**
 * A mixed order with a promo code on the sandbox payment provider (docs/product.md#promo-codes,
 * docs/product.md#taxes-and-fees): the guest applies SPRING20 on the event page (it shows "SPRING20 −€…"), sees the
 * booking fee and the tax, pays on the sandbox checkout (which shows the same discount and total), and the paid
 * order's e-mail is its receipt. The host sets up codes and the tax in the event's editor. Desktop and 375 px (@mobile).
 */
import { wcagViolations } from '../support/axe.ts';
import { createOwner, expect, guestPage, mailTo, ownerApi, screenshot, test, uniqueEmail, paidTypedEvent } from './fixtures.ts';

test.use({ serverEnv: { PAYMENTS_PROVIDER: 'sandbox' } });

test('the host adds a promo code and a tax beside the ticket types', { tag: '@mobile' }, async ({ page, server }, testInfo) => {
  await createOwner(page, server);
  const title = `Coded ${testInfo.project.name}`;
  const res = await page.request.post('/api/events', {
    data: { title, event_date: '2030-07-18T22:00:00.000Z', timezone: 'America/Chicago', location: 'Chicago' },
  });
  expect(res.status()).toBe(201);
  const event = (await res.json()).event as { id: string };
  expect((await page.request.post(`/api/events/${event.id}/ticket-types`, { data: { name: 'VIP', price: 0 } })).status()).toBe(201);
  expect(
    (await page.request.post(`/api/events/${event.id}/ticket-types`, { data: { name: 'Crew', price: 0, hidden: true } })).status(),
  ).toBe(201);
  await page.goto('/auth/admin');
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  const codes = dialog.getByRole('region', { name: 'Promo codes' });
  await expect(codes.getByText('No promo codes yet.')).toBeVisible();
  await codes.getByRole('button', { name: 'Add a promo code' }).click();
  await codes.getByLabel('Code', { exact: true }).fill('bad code');
  await codes.getByRole('button', { name: 'Add promo code' }).click();
  await expect(codes.getByText('Use 3 to 32 letters, digits, - or _.').first()).toBeVisible();
  await codes.getByLabel('Code', { exact: true }).fill('crew-pass');
  await codes.getByLabel('Percent off').fill('100');
  await codes.getByRole('checkbox', { name: /Crew/ }).check();
  await codes.getByLabel('Uses (optional)').fill('12');
  await codes.getByRole('button', { name: 'Add promo code' }).click();
  await expect(codes.getByTestId('promo-code-row')).toHaveText([/CREW-PASS.*100% off · Crew · 0 of 12 used/]);
  const charges = dialog.getByRole('region', { name: 'Tax and booking fee' });
  await charges.getByLabel('Tax name').fill('VAT');
  await charges.getByLabel('Tax rate (%)').fill('20');
  await charges.getByRole('button', { name: 'Save tax and fee' }).click();
  await expect(charges.getByText('Tax and fee saved.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await codes.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'promo-codes-host');
});

test(
  'a mixed order with a promo code: the discount, fee and tax on the page, at checkout and on the receipt',
  { tag: '@mobile' },
  async ({ page, server, playwright, browser }, testInfo) => {
    // A whole journey: page, checkout, success page, then the dev mailbox in a second browser.
    test.slow();
    const owner = await ownerApi(playwright, server);
    const { event, add } = await paidTypedEvent(owner, `Spring Gala ${testInfo.project.name}`);
    const vip = await add({ name: 'VIP', description: 'Balcony and a drink', price: 6000, quantity: 10, max_per_order: 4 });
    await add({ name: 'General', price: 2500 });
    const codeRes = await owner.post(`/api/events/${event.id}/promo-codes`, {
      data: { code: 'SPRING20', kind: 'percent', value: 20, type_ids: [vip], max_uses: 100 },
    });
    expect(codeRes.status()).toBe(201);
    const charges = await owner.put(`/api/events/${event.id}/charges`, {
      data: { tax_name: 'VAT', tax_rate_bp: 2000, tax_inclusive: false, booking_fee: 150 },
    });
    expect(charges.status()).toBe(200);

    await page.goto(`/event/${event.slug}`);
    await page.getByRole('button', { name: 'Get tickets', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: event.title });
    await dialog.getByRole('button', { name: 'One VIP more' }).click();
    await dialog.getByRole('button', { name: 'One VIP more' }).click();
    await dialog.getByRole('button', { name: 'One General more' }).click();
    const total = dialog.getByTestId('order-total');
    // 2 × 60.00 + 25.00 = 145.00; fee 3 × 1.50; VAT 20% on each ticket with its fee.
    await expect(total).toContainText('€145.00');
    await expect(total).toContainText('Booking fee€4.50');
    await expect(total).toContainText('VAT 20%€29.90');
    await expect(total).toContainText('€179.40');

    // A wrong code: one message, the field says so.
    await dialog.getByRole('button', { name: 'Have a promo code?' }).click();
    const codeInput = dialog.getByLabel('Promo code');
    await codeInput.fill('WINTER');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('This code is not valid for this event.')).toBeVisible();
    await expect(codeInput).toHaveAttribute('aria-invalid', 'true');
    await codeInput.fill('spring20');
    await codeInput.press('Enter');
    await expect(dialog.getByText('Code SPRING20 applied')).toBeVisible();
    // 20% off both VIPs: −24.00; the tax follows the discounted prices.
    await expect(total).toContainText('SPRING20−€24.00');
    await expect(total).toContainText('VAT 20%€25.10');
    await expect(total).toContainText('€150.60');
    await dialog.getByLabel('Name').fill('Ada Lovelace');
    const email = uniqueEmail(testInfo, 'ada');
    await dialog.getByLabel('Email').fill(email);
    await total.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'promo-code-applied');

    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/sandbox-checkout\//);
    await expect(page.getByText('VIP × 2 · €120.00')).toBeVisible();
    await expect(page.getByText('General × 1 · €25.00')).toBeVisible();
    await expect(page.getByText('Booking fee × 3 · €4.50')).toBeVisible();
    await expect(page.getByText('VAT (20%) × 1 · €25.10')).toBeVisible();
    await expect(page.getByText('SPRING20 · −€24.00')).toBeVisible();
    await expect(page.getByText('€150.60', { exact: true })).toBeVisible();
    await screenshot(page, testInfo, 'promo-code-sandbox-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(new RegExp(`/event/${event.slug}/payment-success\\?session_id=cs_`));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your tickets' }).getByRole('link')).toHaveCount(3);

    // The paid order's e-mail is its receipt: order number, lines, discount, fee, tax and total.
    const mail = await mailTo(owner, email, /ticket for/);
    expect(mail.text).toMatch(/Receipt · order [A-Z0-9]{8}/);
    for (const line of [
      'VIP × 2: €120.00',
      'General × 1: €25.00',
      'Promo code SPRING20: −€24.00',
      'Booking fee: €4.50',
      'VAT 20%: €25.10',
      'Total: €150.60',
    ])
      expect(mail.text).toContain(line);
    // As the dev mailbox shows it to the instance owner, on this device.
    const reader = await guestPage(browser, server, testInfo);
    await createOwner(reader, server);
    await reader.goto('/auth/mailbox');
    await reader.getByRole('list', { name: 'Messages' }).getByRole('button').filter({ hasText: email }).first().click();
    const frame = reader.frameLocator('iframe[title^="E-mail:"]');
    await expect(frame.getByText('Promo code SPRING20')).toBeVisible();
    await expect(frame.getByText('€150.60')).toBeVisible();
    // Nothing wider than the screen.
    const overflow = await reader.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(reader, testInfo, 'promo-code-receipt-mailbox');
    // The message alone, as a mail app shows it.
    await reader.setContent(mail.html ?? '');
    await screenshot(reader, testInfo, 'promo-code-receipt-email');
    await reader.close();

    // The host's guest list shows the code and what it took off.
    const list = await owner.get(`/api/events/${event.id}/rsvps?page=1`);
    const row = (await list.json()).rows.find((r: { email: string }) => r.email === email);
    expect(row).toMatchObject({ promo_code: 'SPRING20', discount_amount: 2400, payment_amount: 15060, payment_status: 'paid' });
  },
);

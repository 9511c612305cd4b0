/**
 * A host's refund of one ticket of a paid order on the sandbox payment provider (docs/product.md#refunds): the guest
 * detail dialog lists the order's tickets, the confirmation names the exact amount and the guest's address, the
 * order then reads "Partly refunded" with the ticket's refund, and the guest's e-mail says what went back. Desktop and
 * 375 px (@mobile).
 */
import { wcagViolations } from '../support/axe.ts';
import { smallTargets } from '../support/target-size.ts';
import { createOwner, expect, mailTo, ownerApi, screenshot, test, uniqueEmail, paidTypedEvent } from './fixtures.ts';

test.use({ serverEnv: { PAYMENTS_PROVIDER: 'sandbox' } });

test(
  'the owner refunds one ticket of an order: the amount before confirming, then the e-mail',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const { event, add } = await paidTypedEvent(owner, `Jazz Night ${testInfo.project.name}`);
    const vip = await add({ name: 'VIP', price: 2400, quantity: 10 });
    const general = await add({ name: 'General', price: 1500 });
    const email = uniqueEmail(testInfo, 'ada');
    const order = await owner.post(`/api/public/events/${event.id}/rsvps`, {
      data: {
        name: 'Ada Lovelace',
        email,
        status: 'confirmed',
        guest_count: 1,
        tickets: [
          { type_id: vip, quantity: 2 },
          { type_id: general, quantity: 1 },
        ],
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    const checkout = new URL(((await order.json()) as { checkout_url: string }).checkout_url).pathname;
    expect((await owner.post(`${checkout}/pay`, { maxRedirects: 0 })).status()).toBe(303);
    expect((await owner.get(`/api/public/payments/verify?session_id=${checkout.split('/').pop()}`)).status()).toBe(200);

    await createOwner(page, server);
    await page.goto(`/auth/admin?tab=guest-list&event=${event.id}`);
    await page.getByRole('button', { name: 'Details of Ada Lovelace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ada Lovelace' });
    const section = dialog.getByRole('form', { name: 'Refund' });
    await expect(section).toContainText('Paid €63.00');
    // The section passes axe, and on a phone every control is a 44 px target.
    expect(await wcagViolations(page)).toEqual([]);
    if (testInfo.project.name === 'mobile') expect(await smallTargets(page, section)).toEqual([]);
    await section.getByRole('checkbox', { name: /VIP · 1 of 2/ }).check();
    await expect(section).toContainText('To refund: €24.00');
    await section.getByRole('button', { name: 'Refund…' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Refund €24.00 to ${email}?` });
    await expect(confirm).toContainText('VIP · 1 of 2. This ticket stops working and its seat is freed');
    if (testInfo.project.name === 'mobile')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await wcagViolations(page)).toEqual([]);
    await screenshot(page, testInfo, 'refund-confirm');
    await confirm.getByRole('button', { name: 'Refund €24.00' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toContainText('Partly refunded');
    await expect(dialog).toContainText('€24.00 refunded');
    await expect(section.getByRole('checkbox', { name: /VIP · 1 of 2/ })).toBeDisabled();
    await expect(section).toContainText('refunded €24.00');
    await screenshot(page, testInfo, 'refund-done');

    // The guest's e-mail, as a phone shows it.
    const mail = await mailTo(owner, email, /€24\.00 refunded/);
    expect(mail.text).toContain('VIP · 1 of 2');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.setContent(mail.html ?? '');
    await expect(page.getByText('€24.00')).toBeVisible();
    await screenshot(page, testInfo, 'refund-email');
    await owner.dispose();
  },
);

/**
 * The waitlist from the guest's side (docs/product.md#waitlist): a full event's dialog offers "Join the waitlist",
 * the thank-you says where the party stands, and the e-mail brings its manage link. Desktop and 375 px (@mobile).
 */
import { createEvent, expect, mailTo, ownerApi, screenshot, test, uniqueEmail } from './fixtures.ts';

test(
  'a full event with a waitlist: the guest joins it and is told their place',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Rooftop Supper ${testInfo.project.name}`;
    const event = await createEvent(owner, { title, max_attendees: 1, waitlist_offer_hours: 24 });
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    const taken = await api.post(`/api/public/events/${event.id}/rsvps`, {
      data: { name: 'Ada', email: uniqueEmail(testInfo, 'ada'), guest_count: 1, status: 'confirmed' },
    });
    expect(taken.status()).toBe(201);
    const email = uniqueEmail(testInfo, 'bo');

    await page.goto(`/event/${event.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'Join the waitlist and we’ll e-mail you' })).toBeVisible();
    await page.getByRole('button', { name: 'RSVP', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('radio', { name: "Yes, I'll attend" })).toBeChecked();
    await dialog.getByLabel('Name').fill('Bo Guest');
    await dialog.getByLabel('Email').fill(email);
    await screenshot(page, testInfo, 'waitlist-join');
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(dialog.getByTestId('rsvp-thank-you')).toContainText('You’re 1st on the waitlist.');
    await screenshot(page, testInfo, 'waitlist-joined');
    await mailTo(owner, email, /You're on the waitlist for Rooftop Supper/);
    await api.dispose();
    await owner.dispose();
  },
);

test(
  'a waiting party changes its name and phone from its manage link',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const event = await createEvent(owner, { title: `Waiting Room ${testInfo.project.name}`, max_attendees: 1, waitlist_offer_hours: 24 });
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    const data = (who: string) => ({ name: who, email: uniqueEmail(testInfo, who.toLowerCase()), guest_count: 1 });
    expect((await api.post(`/api/public/events/${event.id}/rsvps`, { data: { ...data('Ada'), status: 'confirmed' } })).status()).toBe(201);
    const joined = await api.post(`/api/public/events/${event.id}/waitlist`, { data: data('Bo') });
    expect(joined.status()).toBe(201);
    const { manage_url } = (await joined.json()) as { manage_url: string };

    await page.goto(manage_url);
    await expect(page.getByText('You’re 1st on the waitlist', { exact: false })).toBeVisible();
    await page.getByLabel('Name').fill('Bo Waiting');
    await page.getByLabel('Phone (optional)').fill('+1 415 555 0133');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(/^Saved\./)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Bo Waiting');
    await expect(page.getByText('You’re 1st on the waitlist', { exact: false })).toBeVisible();
    await api.dispose();
    await owner.dispose();
  },
);

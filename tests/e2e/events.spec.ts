import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { createOwner, createUser, expect, expectOverlayCloses, ownerApi, screenshot, signIn, signOut, test } from './fixtures.ts';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** A real PNG (not a fixture file): 1600×1000, a gradient-ish block and a circle. */
function makePng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <rect width="1600" height="1000" fill="#1d2b4f"/><circle cx="800" cy="500" r="320" fill="#f2b45a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Creates an event through the API (the UI journey has its own test) and returns it. */
async function createEventViaApi(target: Page | APIRequestContext, baseURL: string, body: Record<string, unknown>) {
  const res = await ('request' in target ? target.request : target).post(`${baseURL}/api/events`, {
    data: body,
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { event: { id: string; slug: string; title: string } }).event;
}

test('a host creates an event with an image in the dialog and sees its public page', async ({ page, server }) => {
  await createOwner(page, server);
  await page.goto('/auth/admin');
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
  // Messaging (SMS) sits beside the other tabs (docs/product.md#admin-events).
  await expect(page.getByRole('tab', { name: 'Messaging' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Event' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await expect(dialog).toBeVisible();

  // docs/product.md#event-rules: title and date are required, checked before anything is sent.
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(toasts(page).getByText('Missing Information')).toBeVisible();
  await expect(toasts(page).getByText('Please fill in the title and event date.')).toBeVisible();
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();

  const title = `Harbour Lights Gala ${Date.now()}`;
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Subtitle').fill('Dinner, dancing and fireworks');
  await dialog.getByLabel('Date', { exact: true }).fill('2030-09-12');
  await dialog.getByLabel('Start time').fill('19:00');
  await dialog.getByLabel('Time zone').selectOption('America/New_York');
  await dialog.getByLabel('Location').fill('Pier 7 Pavilion, Baltimore');
  await dialog.getByLabel('Intro').fill('A black-tie evening on the water.');
  await dialog.getByLabel('RSVP button text').fill('Count me in');

  await page.locator('input[type="file"]').setInputFiles({ name: 'gala.png', mimeType: 'image/png', buffer: await makePng() });
  await expect(dialog.getByText('Image uploaded.')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Chosen for this event' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(toasts(page).getByText('Event created')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Publishing is a moment: the share dialog offers the full link, its QR code and the shared card's preview.
  const share = page.getByRole('dialog', { name: 'Your event is live' });
  const link = share.getByLabel('Public link', { exact: true });
  await expect(link).toHaveValue(new RegExp(`^${server.baseURL}/event/harbour-lights-gala-\\d+-[a-z0-9]{6}$`));
  await expect(share.getByRole('img', { name: `QR code of the link to ${title}` })).toBeVisible();
  const download = share.getByRole('link', { name: 'Download QR code' });
  await expect(download).toHaveAttribute('href', /^data:image\/png;base64,/);
  const preview = share.getByTestId('share-preview');
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('Dinner, dancing and fireworks');
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(share).toBeHidden();

  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByText('Thursday, September 12, 2030')).toBeVisible();
  await expect(card.getByText('7:00 PM EDT')).toBeVisible();
  const publicLink = card.getByRole('link', { name: /\/event\// });
  const href = await publicLink.getAttribute('href');
  expect(href).toMatch(new RegExp(`^${server.baseURL}/event/harbour-lights-gala-\\d+-[a-z0-9]{6}$`));

  // 'View' opens the public page in a new tab.
  const [popup] = await Promise.all([page.waitForEvent('popup'), card.getByRole('link', { name: /^View page of/ }).click()]);
  await expect(popup.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(popup).toHaveTitle(`${title} | Event`);
  await expect(popup.getByText('Dinner, dancing and fireworks')).toBeVisible();
  await expect(popup.getByText('Thursday, September 12, 2030')).toBeVisible();
  await expect(popup.getByText('Pier 7 Pavilion, Baltimore')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Count me in' })).toBeVisible();
  // The image is the server's processed copy, and it actually loaded.
  const hero = popup.locator('main img').first();
  await expect(hero).toHaveAttribute('src', /^\/media\//);
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('edit keeps the secret key write-only; co-hosts are normalised; delete asks first', async ({ page, server }) => {
  await createOwner(page, server);
  const event = await createEventViaApi(page, server.baseURL, {
    title: 'Paid Supper Club',
    event_date: '2030-03-01T19:00:00Z',
    is_paid_event: true,
    ticket_price: 25,
    currency: 'eur',
    stripe_publishable_key: 'pk_test_abc123',
    stripe_secret_key: 'sk_test_supersecret9876',
  });
  await page.goto('/auth/admin');
  await page.getByRole('button', { name: `Edit ${event.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  await expect(dialog.getByLabel('Ticket price')).toHaveValue('25.00');
  await expect(dialog.getByLabel('Currency')).toHaveValue('eur');
  // Only the masked hint is ever shown; the key itself never reaches the page.
  await expect(dialog.getByText(/sk_test_…\w{4}/)).toBeVisible();
  expect(await page.content()).not.toContain('supersecret');

  // Co-hosts: trimmed and lower-cased; duplicates and e-mails without '@' refused with the texts of docs/product.md#co-hosts.
  await dialog.getByLabel('Co-host e-mail').fill('  Friend@Example.COM ');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  const cohosts = dialog.getByRole('list', { name: 'Co-hosts' });
  await expect(cohosts.getByRole('listitem')).toHaveCount(1);
  await expect(cohosts.getByRole('listitem')).toContainText('friend@example.com');
  await dialog.getByLabel('Co-host e-mail').fill('friend@example.com');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toasts(page).getByText('Email Already Added')).toBeVisible();
  await dialog.getByLabel('Co-host e-mail').fill('no-at-sign');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toasts(page).getByText('Invalid Email')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove friend@example.com' }).click();
  await expect(dialog.getByText('No co-hosts yet.')).toBeVisible();

  // Guest reminders (docs/product.md#reminders): the defaults with when they go, in the event's zone; each change saved at once.
  const reminders = dialog.getByRole('region', { name: 'Reminders for guests' });
  await expect(reminders.getByRole('listitem')).toHaveCount(2);
  await expect(reminders.getByText('Goes Thursday, February 28, 2030, 7:00 PM UTC')).toBeVisible();
  await reminders.getByLabel('Add a reminder').selectOption({ label: '1 week before' });
  await reminders.getByRole('button', { name: 'Add reminder' }).click();
  await expect(reminders.getByText('Added the reminder 1 week before.')).toBeVisible();
  await reminders.getByLabel('Change the reminder 2 hours before').selectOption({ label: '3 hours before' });
  await expect(reminders.getByText('The reminder now goes 3 hours before.')).toBeVisible();
  await reminders.getByRole('button', { name: 'Delete the reminder 1 day before' }).click();
  await expect(reminders.getByText('Deleted the reminder 1 day before.')).toBeVisible();
  const stored = await (await page.request.get(`${server.baseURL}/api/events/${event.id}`)).json();
  expect(stored.event.reminders.map((r: { minutes_before: number }) => r.minutes_before)).toEqual([10080, 180]);

  // Saving without touching the key keeps it (the masked hint is unchanged).
  await dialog.getByLabel('Subtitle').fill('Now with dessert');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toasts(page).getByText('Event updated')).toBeVisible();
  const saved = await (await page.request.get(`${server.baseURL}/api/events/${event.id}`)).json();
  expect(saved.event.subtitle).toBe('Now with dessert');
  expect(saved.event.stripe_secret_key_masked).toMatch(/9876$/);

  // Delete sits apart from Edit, in the card's More menu.
  await page.getByRole('button', { name: `More actions for ${event.title}` }).click();
  await page.getByRole('menuitem', { name: /^Delete event/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  await expect(confirm).toContainText('cannot be undone');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete event' }).click();
  await expect(toasts(page).getByText('Event deleted')).toBeVisible();
  await expect(page.getByRole('article', { name: event.title })).toHaveCount(0);
  // Focus returns to the header's button (with no events left, the empty state offers a second one).
  await expect(page.getByRole('button', { name: 'Create Event' }).first()).toBeFocused();
});

test('a co-host edits content but sees no delete, payment or co-host controls (ADR 0011)', async ({ page, server }) => {
  await createOwner(page, server);
  const event = await createEventViaApi(page, server.baseURL, {
    title: `Co-hosted Gala ${Date.now()}`,
    event_date: '2030-05-01T19:00:00Z',
    is_paid_event: true,
    ticket_price: 40,
    currency: 'usd',
    stripe_publishable_key: 'pk_test_cohosted123',
    stripe_secret_key: 'sk_test_cohostedsecret4321',
  });
  const helper = await createUser(server, { email: `helper-${Date.now()}@example.com` });
  const added = await page.request.post(`${server.baseURL}/api/events/${event.id}/hosts`, {
    data: { email: helper.email },
    headers: { origin: server.baseURL },
  });
  expect(added.status()).toBe(201);
  // The owner sees the owner's controls.
  await page.goto('/auth/admin');
  await expect(page.getByRole('button', { name: `More actions for ${event.title}` })).toBeVisible();
  await signOut(page, server.baseURL);

  await signIn(page, helper.email, helper.password, server.baseURL);
  await page.goto('/auth/admin');
  const card = page.getByRole('article', { name: event.title });
  await expect(card.getByText('Co-host', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Edit ${event.title}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `More actions for ${event.title}` })).toHaveCount(0);

  await card.getByRole('button', { name: `Edit ${event.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  await expect(dialog.getByText("Only the event's owner can change its tickets and payment settings.")).toBeVisible();
  await expect(dialog.getByText('Paid event · 40.00 USD')).toBeVisible();
  for (const label of ['Paid event', 'Ticket price', 'Currency', 'Stripe publishable key']) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveCount(0);
  }
  await expect(dialog.getByRole('button', { name: /Replace Stripe secret key/ })).toHaveCount(0);
  await expect(dialog.getByText("Only the event's owner can add or remove co-hosts.")).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Co-hosts' })).toContainText(helper.email);
  await expect(dialog.getByLabel('Co-host e-mail')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(0);

  // What the co-host can change saves, and the payment settings stay the owner's.
  await dialog.getByLabel('Subtitle').fill('Co-host was here');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toasts(page).getByText('Event updated')).toBeVisible();
  const saved = (await (await page.request.get(`${server.baseURL}/api/events/${event.id}`)).json()).event;
  expect(saved).toMatchObject({ subtitle: 'Co-host was here', role: 'cohost', is_paid_event: true, ticket_price: 40 });
  expect(saved.stripe_secret_key_masked).toMatch(/4321$/);
});

test('the create dialog works from the keyboard alone', async ({ page, server }) => {
  await createOwner(page, server);
  await page.goto('/auth/admin');
  const create = page.getByRole('button', { name: 'Create Event' }).first();
  await create.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
  await page.keyboard.type('Keyboard Party');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Subtitle')).toBeFocused();
  // Switches toggle with Space.
  await dialog.getByRole('switch', { name: 'Paid event' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByLabel('Ticket price')).toBeVisible();
  // Tab stays inside the dialog; Escape closes it and focus returns to the button that opened it.
  for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
});

// No browser page: the owner's API client arranges, and an anonymous one reads the HTML.
test('a raw HTTP GET of the public page carries the share tags', async ({ playwright, request, server }) => {
  const owner = await ownerApi(playwright, server);
  const upload = await owner.post(`${server.baseURL}/api/media`, {
    multipart: { file: { name: 'share.png', mimeType: 'image/png', buffer: await makePng() } },
    headers: { origin: server.baseURL },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const image = (await upload.json()) as { image_url: string; preview_image_url: string };
  const event = await createEventViaApi(owner, server.baseURL, {
    title: 'Share <Preview> & Test',
    main_body_intro: 'Tags that work without JavaScript.',
    location: 'Pier 4',
    event_date: '2030-05-01T18:00:00Z',
    ...image,
  });
  const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  for (const path of [`/event/${event.id}`, `/event/${event.slug}`, `/event?slug=${event.slug}`]) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Share &lt;Preview&gt; &amp; Test | Event</title>');
    expect(meta(html, 'og:title')).toMatch(/^Share &lt;Preview&gt; &amp; Test/);
    expect(meta(html, 'description')).toContain('Tags that work without JavaScript.');
    expect(meta(html, 'og:type')).toBe('event');
    expect(meta(html, 'og:url')).toBe(`${server.baseURL}/event/${event.slug}`);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${server.baseURL}/media/`));
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('675');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Share <Preview> & Test',
      startDate: '2030-05-01T18:00:00.000Z',
    });
    // The image the tags name is served, 1200×675.
    const og = await request.get(meta(html, 'og:image')!);
    expect(og.status()).toBe(200);
    expect(await sharp(await og.body()).metadata()).toMatchObject({ width: 1200, height: 675 });
  }
  await owner.dispose();
});

test('public page: unknown and missing identifiers', { tag: '@mobile' }, async ({ page }, testInfo) => {
  await page.goto('/event/no-such-event');
  await expect(page.getByRole('heading', { name: 'Event Not Found' })).toBeVisible();
  await expect(page.getByText('Event not found', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'event-not-found');
  await page.goto('/event');
  await expect(page.getByText('No event identifier provided')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/event\/no-such-event$/);
});

test('sample page: event.ics download parses with ical.js', async ({ page, server }) => {
  await createOwner(page, server); // the sample event belongs to the first admin
  await page.goto('/sample');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download .ics file' }).click()]);
  expect(download.suggestedFilename()).toBe('event.ics');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toContain('\r\n');
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  const ev = new ICAL.Event(vevent);
  expect(ev.startDate.toJSDate().toISOString()).toBe('2025-05-03T22:00:00.000Z');
  expect(ev.endDate.toJSDate().toISOString()).toBe('2025-05-04T04:00:00.000Z');
  expect(ev.uid).toBeTruthy();
  expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
});

test(
  'sample page: calendar link on a phone, legacy RSVP modal, footer',
  { tag: '@mobile' },
  async ({ page, server, context }, testInfo) => {
    await createOwner(page, server);
    await context.route('https://calendar.google.com/**', (route) => route.fulfill({ status: 200, body: 'calendar' }));
    await page.goto('/sample');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The host line is the event's own field; the description no longer starts with it.
    await expect(page.getByText('Hosted by the Turnout team', { exact: true })).toBeVisible();
    await screenshot(page, testInfo, 'sample');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/auth/admin');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    await expect(page.getByText(/© \d{4} Turnout/)).toBeVisible();

    // The calendar icon opens the same menu as an event page's, on every device (docs/product.md#sample-event).
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('menuitem', { name: /Google Calendar/ }).click()]);
    const url = new URL(popup.url());
    expect(url.hostname).toBe('calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20250503T220000Z/20250504T040000Z');
    await popup.close();

    // The legacy form: its validation texts, then a real RSVP and the thank-you panel.
    await page.getByRole('button', { name: 'RSVP' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(dialog.getByText('Please enter your preferred name')).toBeVisible();
    await expect(dialog.getByText('Please enter your phone number')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await dialog.getByLabel('Preferred name').fill('Sam');
    await dialog.getByLabel('Phone').fill('415 555 0100');
    await dialog.getByRole('radio', { name: 'No' }).check();
    await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(dialog.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await screenshot(page, testInfo, 'sample-thank-you');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();

    // A press on the overlay closes the modal too: a click on desktop, a tap (still or drifting) on the phone.
    await expectOverlayCloses(page, testInfo, async () => {
      await page.getByRole('button', { name: 'RSVP' }).click();
      return page.getByRole('dialog');
    });
  },
);

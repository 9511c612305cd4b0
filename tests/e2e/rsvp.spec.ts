/**
 * The guest's journey (issue 4): open an event, RSVP with the keyboard, see the thank-you, get the
 * confirmation e-mail (the server runs without SMTP, so it lands in the dev mailbox, read through the
 * admin API), open the ticket page from the e-mail's link. Runs on desktop and at 375 px (@mobile).
 */
import { createEvent, expect, expectOverlayCloses, mailTo, ownerApi, screenshot, test, uniqueEmail } from './fixtures.ts';

test(
  'a guest RSVPs with the keyboard, gets the e-mail and opens the ticket',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Summer Garden Party ${testInfo.project.name}`;
    const event = await createEvent(owner, { title, max_attendees: 50, subtitle: 'Drinks, music and good company under the stars' });
    const email = uniqueEmail(testInfo, 'grace');

    await page.goto(`/event/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const rsvpButton = page.getByRole('button', { name: 'RSVP', exact: true });
    await rsvpButton.click();

    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    // The answer comes first (docs/product.md#rsvp-dialog): three big buttons, a radio group for the keyboard.
    const yes = dialog.getByRole('radio', { name: "Yes, I'll attend" });
    await expect(yes).toBeFocused();
    await expect(yes).toBeChecked();
    await expect(dialog.getByRole('radiogroup', { name: 'Will you attend?' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('radio', { name: 'Maybe' })).toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(yes).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await screenshot(page, testInfo, 'rsvp-dialog');

    // Enter on an empty form: the texts of docs/product.md#rsvp-rules, nothing sent.
    await page.keyboard.press('Enter');
    await expect(page.getByText('Missing Information')).toBeVisible();
    await expect(page.getByText('Please fill in your name and email address.')).toBeVisible();

    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type('grace@example');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Invalid Email')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Phone (optional)')).toBeFocused();
    await page.keyboard.press('Tab');
    const party = dialog.getByLabel('Party size');
    await expect(party).toBeFocused();
    await expect(party.locator('option')).toHaveText(['Just me', ...Array.from({ length: 9 }, (_, i) => `Me + ${i + 1}`)]);
    await page.keyboard.press('ArrowDown');
    await expect(party).toHaveValue('2');
    await expect(party.locator('option:checked')).toHaveText('Me + 1');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Notes (optional)')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByLabel('Phone (optional)')).toBeFocused();
    await page.keyboard.press('Enter');

    const thanks = dialog.getByTestId('rsvp-thank-you');
    await expect(thanks.getByRole('heading', { name: 'Thank you, Grace!' })).toBeVisible();
    await expect(thanks).toContainText('You’re on the list for 2 guests.');
    // The e2e server keeps its e-mail in the dev mailbox (DEV_MAILBOX=true): the guest is not told one is coming.
    await expect(thanks).toContainText(
      'This site does not send e-mail yet, so no e-mail will reach you. Keep the link to your ticket below.',
    );
    await expect(thanks).not.toContainText('on its way');
    await expect(page.getByText('RSVP Submitted!')).toBeVisible();
    await expect(page.getByText('Thank you for your response. We look forward to seeing you at the event.')).toBeVisible();
    await expect(thanks.getByRole('link', { name: 'View your ticket' })).toHaveAttribute('href', /^\/ticket\/[A-Za-z0-9_-]{24}$/);
    await screenshot(page, testInfo, 'rsvp-thank-you');

    // Closing lands on the guest's own card, which replaced the RSVP button (tests/e2e/remembered-guest.spec.ts).
    await thanks.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: "You're going · 2 guests" })).toBeFocused();
    await expect(rsvpButton).toHaveCount(0);

    // The confirmation e-mail, as the guest receives it.
    const mail = await mailTo(owner, email, new RegExp(`Your ticket for ${title}`));
    const link = /Your ticket: (\S+)/.exec(mail.text)?.[1];
    const pin = /PIN: (\d{6})/.exec(mail.text)?.[1];
    // The ticket's own secret, not the RSVP id (docs/decisions/0010-ticket-secrets.md).
    expect(link).toMatch(new RegExp(`^${server.baseURL}/ticket/[A-Za-z0-9_-]{24}$`));
    expect(pin).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: `Thank You - ${title}` })).toBeVisible();
    const qr = page.getByRole('img', { name: `QR code ticket for Grace Hopper at ${title}` });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByText(`${pin!.slice(0, 3)} ${pin!.slice(3)}`)).toBeVisible();
    await expect(page.getByText('Grace Hopper')).toBeVisible();
    await expect(page.getByText('Thursday, July 18, 2030')).toBeVisible();
    await expect(page.getByText('5:00 PM – 11:00 PM CDT')).toBeVisible();
    await expect(page.getByText('2 guests')).toBeVisible();
    await expect(page.getByText('Going', { exact: true })).toBeVisible();
    await expect(page.getByText(/^RSVP confirmed on \w+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page.getByText('Show this QR code at the event for check-in')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await screenshot(page, testInfo, 'ticket');

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await screenshot(page, testInfo, 'ticket-print');
    await owner.dispose();
  },
);

test(
  'the dialog closes on Cancel, Escape and outside click or tap; the form stays keyboard-reachable',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const event = await createEvent(owner, { title: 'Closing Party' });
    await page.goto(`/event/${event.id}`);
    const rsvpButton = page.getByRole('button', { name: 'RSVP', exact: true });
    const dialog = page.getByRole('dialog', { name: 'Closing Party' });

    await rsvpButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rsvpButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('radio', { name: "Yes, I'll attend" })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rsvpButton).toBeFocused();

    await expectOverlayCloses(page, testInfo, async () => {
      await rsvpButton.click();
      return dialog;
    });
    await owner.dispose();
  },
);

test('a full event refuses a Yes and lets the guest save a Maybe instead', async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: 'Tiny Dinner', max_attendees: 1 });
  const email = uniqueEmail(testInfo, 'linus');

  await page.goto(`/event/${event.id}`);
  await page.getByRole('button', { name: 'RSVP', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Tiny Dinner' });
  await dialog.getByLabel('Name').fill('Linus Pauling');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Party size').selectOption('3');
  await dialog.getByRole('button', { name: 'Submit RSVP' }).click();

  const alert = dialog.getByRole('alert').filter({ hasText: 'Sorry, this event is full.' });
  await expect(alert).toContainText('Only 1 seat is left.');
  await screenshot(page, testInfo, 'rsvp-capacity');
  await alert.getByRole('button', { name: 'Save as “Maybe” instead' }).click();

  const thanks = dialog.getByTestId('rsvp-thank-you');
  await expect(thanks).toContainText('noted you as a maybe');
  await expect(thanks.getByRole('link', { name: 'View your ticket' })).toHaveCount(0);
  await expect(page.getByText('RSVP Submitted!')).toBeVisible();
  await mailTo(owner, email, /You might come to Tiny Dinner/);
  await owner.dispose();
});

test('if the dialog cannot be downloaded, the guest is told and the next try works', async ({ page, server, playwright }) => {
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: 'Offline Picnic' });
  await page.goto(`/event/${event.id}`);
  await page.route(/\/assets\/rsvp-dialog-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  const rsvpButton = page.getByRole('button', { name: 'RSVP', exact: true });
  await rsvpButton.click();
  await expect(page.getByText('The RSVP form could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.unrouteAll();
  await rsvpButton.click();
  await expect(page.getByRole('dialog', { name: 'Offline Picnic' }).getByRole('radio', { name: "Yes, I'll attend" })).toBeFocused();
  await owner.dispose();
});

test('an unknown ticket says so', { tag: '@mobile' }, async ({ page }) => {
  await page.goto('/ticket/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Ticket Not Found' })).toBeVisible();
  await expect(page.getByText('This ticket could not be found or has expired.')).toBeVisible();
});

test('a page a shared cache kept from before shows the seats left now', async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const event = await createEvent(owner, { title: `Cached Supper ${testInfo.project.name}`, max_attendees: 10 });
  // The HTML as a CDN might still hold it a few seconds after others answered (ADR 0025): 10 left in its data.
  const cached = await (await page.request.get(`/event/${event.slug}`)).text();
  expect(cached).toContain('"seats_left":10');
  const answer = await owner.post(`/api/public/events/${event.id}/rsvps`, {
    data: { name: 'Early Bird', email: uniqueEmail(testInfo, 'early'), guest_count: 3, status: 'confirmed' },
  });
  expect(answer.status()).toBe(201);
  await page.route(`**/event/${event.slug}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: cached }));
  await page.goto(`/event/${event.slug}`);
  await expect(page.getByText('7 spots left')).toBeVisible();
  await owner.dispose();
});

test('seats left drop on the page right after an RSVP, without a reload', async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const title = `Rooftop Supper ${testInfo.project.name}`;
  const event = await createEvent(owner, { title, max_attendees: 10 });

  await page.goto(`/event/${event.slug}`);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await expect(page.getByText('10 spots left')).toBeVisible();
  const rsvpButton = page.getByRole('button', { name: 'RSVP', exact: true });
  await rsvpButton.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText('10 seats left')).toBeVisible();

  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill(uniqueEmail(testInfo, 'ada'));
  await dialog.getByLabel('Party size').selectOption('2');
  await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
  const thanks = dialog.getByTestId('rsvp-thank-you');
  await expect(thanks).toContainText('You’re on the list for 2 guests.');
  await thanks.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The same page (no reload) now knows two seats are gone.
  await expect(page.getByText('8 spots left')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await owner.dispose();
});

test(
  'the event page starts from the event in its HTML: no API read of the event on first load, only its seat figures',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Harbour Lights ${testInfo.project.name}`;
    const event = await createEvent(owner, { title, max_attendees: 12 });
    const apiReads: string[] = [];
    const seatReads: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      // The seat figures are asked for once per load, since the HTML may come from a shared cache (ADR 0025).
      if (pathname === `/api/public/events/${event.id}/seats`) seatReads.push(pathname);
      else if (pathname.startsWith('/api/public/events')) apiReads.push(req.url());
    });

    for (const path of [`/event/${event.slug}`, `/event/${event.id}`, `/event?id=${event.id}`, `/event?slug=${event.slug}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      await page.getByRole('button', { name: 'RSVP', exact: true }).click();
      await expect(page.getByRole('dialog', { name: title }).getByText('12 seats left'), path).toBeVisible();
    }
    expect(apiReads).toEqual([]);
    expect(seatReads).toHaveLength(4);
    await screenshot(page, testInfo, 'event-seeded');
    await owner.dispose();
  },
);

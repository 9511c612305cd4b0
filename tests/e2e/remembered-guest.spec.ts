/**
 * Issue 11, the guest's side of the event page (docs/product.md#public-event-page): a first answer
 * turns the RSVP button into the guest's own card, at once and after a reload; each answer has its
 * card; a known e-mail changes nothing and is told where the change link went; an ended event says
 * so and keeps the ticket; "Add to calendar" is a menu. Desktop and 375 px (@mobile).
 */
import { wcagViolations } from '../support/axe.ts';
import { answerInDialog, createEvent, expect, ownerApi, screenshot, test, touch, uniqueEmail } from './fixtures.ts';

test(
  'a first answer becomes the guest’s card, at once and after a reload',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Lantern Walk ${testInfo.project.name}`;
    const event = await createEvent(owner, { title, max_attendees: 20, show_guest_count: true });
    const email = uniqueEmail(testInfo, 'ada');

    await page.goto(`/event/${event.slug}`);
    const panel = page.getByRole('region', { name: 'Date, place and RSVP' });
    await expect(panel.getByText('0 going · 20 spots left')).toBeVisible();
    await expect(panel.getByRole('link', { name: /1200 Lakeshore Drive/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=1200%20Lakeshore%20Drive%2C%20Chicago%2C%20IL',
    );
    await screenshot(page, testInfo, 'event-page');
    expect(await wcagViolations(page), 'the event page').toEqual([]);

    const dialog = await answerInDialog(page, title, { status: "Yes, I'll attend", name: 'Ada Lovelace', email, party: 'Me + 1' });
    const thanks = dialog.getByTestId('rsvp-thank-you');
    await expect(thanks).toContainText('You’re on the list for 2 guests.');
    await expect(page.getByText('Thank you for your response. We look forward to seeing you at the event.')).toBeVisible();
    await thanks.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // At once, without a reload: the card replaces the RSVP button and takes the focus the button had.
    const card = page.getByTestId('my-rsvp');
    await expect(card.getByRole('heading', { name: "You're going · 2 guests" })).toBeFocused();
    await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toHaveCount(0);
    await expect(panel.getByText('2 going · 18 spots left')).toBeVisible();

    await page.reload();
    await expect(card.getByRole('heading', { name: "You're going · 2 guests" })).toBeVisible();
    await expect(card).toContainText('Answered as Ada Lovelace.');
    await expect(card.getByRole('link', { name: 'View ticket' })).toHaveAttribute('href', /^\/ticket\/[A-Za-z0-9_-]{24}$/);
    await expect(card.getByRole('link', { name: 'Change RSVP' })).toHaveAttribute('href', /^\/rsvp\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('button', { name: 'RSVP', exact: true })).toHaveCount(0);
    await screenshot(page, testInfo, 'remembered-going');
    expect(await wcagViolations(page), 'the remembered card').toEqual([]);

    // The ticket link works.
    await card.getByRole('link', { name: 'View ticket' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Thank You - ${title}` })).toBeVisible();
    await owner.dispose();
  },
);

test('a known e-mail changes nothing: the dialog says where the change link went', async ({
  page,
  browser,
  server,
  playwright,
}, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const title = `Orchard Supper ${testInfo.project.name}`;
  const event = await createEvent(owner, { title });
  const email = uniqueEmail(testInfo, 'grace');

  await page.goto(`/event/${event.id}`);
  await answerInDialog(page, title, { status: "Yes, I'll attend", name: 'Grace Hopper', email });
  await expect(page.getByTestId('rsvp-thank-you')).toContainText('You’re on the list.');

  // Someone else, in another browser, types the same e-mail.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(`${server.baseURL}/event/${event.id}`);
  const dialog = await answerInDialog(stranger, title, { status: /can't make it/, name: 'Not Grace', email });
  const thanks = dialog.getByTestId('rsvp-thank-you');
  await expect(thanks).toContainText(
    `You have already answered with ${email}. This site does not send e-mail yet, so no e-mail will reach you. Ask the host if you need to change your answer.`,
  );
  await expect(thanks.getByRole('link')).toHaveCount(0);
  await expect(stranger.getByText('RSVP Submitted!')).toHaveCount(0);
  await thanks.getByRole('button', { name: 'Close' }).click();
  // Nothing remembered in that browser: it still offers the button.
  await expect(stranger.getByRole('button', { name: 'RSVP', exact: true })).toBeVisible();
  await other.close();
  await owner.dispose();
});

test(
  'maybe and declined have their own cards; a decline is never told "see you"',
  { tag: '@mobile' },
  async ({ page, browser, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Quiz Night ${testInfo.project.name}`;
    const event = await createEvent(owner, { title });

    await page.goto(`/event/${event.id}`);
    const dialog = await answerInDialog(page, title, { status: 'Maybe', name: 'Alan Turing', email: uniqueEmail(testInfo, 'alan') });
    await expect(dialog.getByTestId('rsvp-thank-you')).toContainText('noted you as a maybe');
    await dialog.getByTestId('rsvp-thank-you').getByRole('button', { name: 'Close' }).click();
    await page.reload();
    const card = page.getByTestId('my-rsvp');
    await expect(card.getByRole('heading', { name: 'You might go' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Change RSVP' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'View ticket' })).toHaveCount(0);

    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const guest = await other.newPage();
    await guest.goto(`${server.baseURL}/event/${event.id}`);
    await guest.getByRole('button', { name: 'RSVP', exact: true }).click();
    const d2 = guest.getByRole('dialog', { name: title });
    await expect(d2.getByLabel('Party size')).toBeVisible();
    await d2.getByRole('radio', { name: /can't make it/ }).check();
    // Declining hides the party size.
    await expect(d2.getByLabel('Party size')).toHaveCount(0);
    await d2.getByLabel('Name').fill('Marie Curie');
    await d2.getByLabel('Email').fill(uniqueEmail(testInfo, 'marie'));
    await d2.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(d2.getByTestId('rsvp-thank-you')).toContainText('Sorry you can’t make it.');
    await expect(guest.getByText("Thank you for letting the host know you can't make it.")).toBeVisible();
    await expect(guest.getByText(/look forward to seeing you/)).toHaveCount(0);
    await d2.getByTestId('rsvp-thank-you').getByRole('button', { name: 'Close' }).click();
    const declined = guest.getByTestId('my-rsvp');
    await expect(declined.getByRole('heading', { name: "You can't make it" })).toBeVisible();
    await expect(declined.getByRole('link', { name: 'Change RSVP' })).toBeVisible();
    await expect(declined.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
    await screenshot(guest, testInfo, 'remembered-declined');
    await other.close();
    await owner.dispose();
  },
);

test(
  'an ended event says so, keeps the ticket and takes no answer',
  { tag: '@mobile' },
  async ({ page, browser, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Harvest Fair ${testInfo.project.name}`;
    const event = await createEvent(owner, { title });
    const patchDates = async (dates: { event_date: string; end_date: string | null }) => {
      const res = await owner.patch(`/api/events/${event.id}`, { data: dates });
      expect(res.status(), await res.text()).toBe(200);
    };

    await page.goto(`/event/${event.id}`);
    await answerInDialog(page, title, { status: "Yes, I'll attend", name: 'Ada Lovelace', email: uniqueEmail(testInfo, 'ada') });
    await page.getByTestId('rsvp-thank-you').getByRole('button', { name: 'Close' }).click();

    // A second guest has the dialog open when the event ends (start + 4 h without an end).
    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const late = await other.newPage();
    await late.goto(`${server.baseURL}/event/${event.id}`);
    await late.getByRole('button', { name: 'RSVP', exact: true }).click();
    // No wait for the server's event cache to expire: the edit itself drops the cached event (load-rsvp-event.ts).
    await patchDates({ event_date: new Date(Date.now() - 5 * 3_600_000).toISOString(), end_date: null });
    const dialog = late.getByRole('dialog', { name: title });
    await dialog.getByLabel('Name').fill('Late Comer');
    await dialog.getByLabel('Email').fill(uniqueEmail(testInfo, 'late'));
    await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'This event has ended, so it no longer takes RSVPs or changes.' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Submit RSVP' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await late.reload();
    await expect(late.getByText('This event has ended', { exact: true })).toBeVisible();
    await expect(late.getByRole('button', { name: 'RSVP', exact: true })).toHaveCount(0);
    await expect(late.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
    await screenshot(late, testInfo, 'event-ended');
    expect(await wcagViolations(late), 'an ended event').toEqual([]);
    await other.close();

    // The guest who answered keeps the ticket, without Change.
    await page.reload();
    const card = page.getByTestId('my-rsvp');
    await expect(card.getByRole('heading', { name: 'You were going' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'View ticket' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Change RSVP' })).toHaveCount(0);
    await screenshot(page, testInfo, 'remembered-ended');
    await owner.dispose();
  },
);

test('"Add to calendar" is a keyboard menu of Apple, Google, Outlook and .ics', async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const title = `Star Party ${testInfo.project.name}`;
  const event = await createEvent(owner, { title });
  await page.goto(`/event/${event.id}`);

  const trigger = page.getByRole('button', { name: 'Add to calendar' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Add to calendar' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Apple Calendar',
    'Google Calendar (opens in a new tab)',
    'Outlook (opens in a new tab)',
    'Download .ics file',
  ]);
  await expect(menu.getByRole('menuitem', { name: /Google Calendar/ })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Star\+Party/,
  );
  await expect(menu.getByRole('menuitem', { name: /Outlook/ })).toHaveAttribute(
    'href',
    /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/,
  );
  await screenshot(page, testInfo, 'calendar-menu');
  expect(await wcagViolations(page), 'the calendar menu').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeFocused();

  // Apple Calendar downloads event.ics, built in the browser.
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Apple Calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('event.ics');
  await owner.dispose();
});

test(
  'the sample page: the event page’s details and calendar menu, its legacy form tells a known phone that nothing changed',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server); // the sample event belongs to the owner
    await page.goto('/sample');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Old Greenhouse/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    await expect(page.getByRole('menuitem', { name: 'Apple Calendar' })).toBeVisible();
    await screenshot(page, testInfo, 'sample-calendar-menu');
    await page.keyboard.press('Escape');
    // A press beside the menu closes it too, a tap on the phone (a non-modal menu: it closes on the pointerdown).
    const menu = page.getByRole('menu', { name: 'Add to calendar' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    await expect(menu).toBeVisible();
    if (testInfo.project.use.hasTouch) await touch(page, 10, 10, 24);
    else await page.mouse.click(10, 10);
    await expect(menu).toBeHidden();

    const phone = `555 ${Date.now().toString().slice(-7)}`;
    for (const round of ['first', 'again']) {
      await page.getByRole('button', { name: 'RSVP' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Preferred name').fill(round === 'first' ? 'Sam' : 'Someone Else');
      await dialog.getByLabel('Phone').fill(phone);
      await dialog.getByRole('button', { name: 'Submit RSVP' }).click();
      const status = dialog.getByRole('status');
      if (round === 'first') await expect(status).toContainText('We have your RSVP. See you there!');
      else await expect(status).toContainText('This phone number has already answered, so nothing was changed.');
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(dialog).toBeHidden();
    }
    await owner.dispose();
  },
);

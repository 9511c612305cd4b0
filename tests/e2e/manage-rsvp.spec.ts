/**
 * A guest owns their answer (issue 11, docs/product.md#manage-page): they answer on the event page,
 * the browser remembers it, the e-mailed link opens the manage page, where they change it and, on a
 * full event, cancel, which frees the seats for the next guest. The old link dies with the cancel.
 * Also: an ended event's manage page is read-only, the ticket says "Past event", and a dead link offers
 * "Find your ticket". Runs on desktop and at 375 px (@mobile).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { TEventAdmin, TEventInput } from '../../src/common/schemas/events.ts';
import {
  answerInDialog,
  choose,
  createEvent,
  expect,
  guestPage,
  ownerApi,
  screenshot,
  type TestServer,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

/** The manage page wears the event's theme: every event here has one. */
const createThemedEvent = (owner: APIRequestContext, input: Partial<TEventInput> & { title: string }) =>
  createEvent(owner, { custom_colors: { background: '#1f2a44', text: '#f5f1e8', accent: '#f2b134' }, ...input });

/** The newest e-mail to `to` that carries a manage link other than `not`, and that link (read as the guest would). */
function manageLinkMailedTo(owner: APIRequestContext, server: TestServer, to: string, not?: string): Promise<string> {
  const linkRe = new RegExp(`${server.baseURL}/rsvp/[A-Za-z0-9_-]+`);
  return waitForMail(
    owner,
    to,
    (mail) => {
      const found = linkRe.exec(mail.text)?.[0];
      return found && found !== not ? found : undefined;
    },
    `an e-mail with a manage link to ${to}`,
  );
}

/** Answers 'Yes' on the public event page through the RSVP dialog. */
async function answerOnEventPage(page: Page, event: TEventAdmin, guest: { name: string; email: string; party: string }) {
  await page.goto(`/event/${event.id}`);
  const dialog = await answerInDialog(page, event.title, { status: "Yes, I'll attend", ...guest });
  await expect(dialog.getByTestId('rsvp-thank-you')).toBeVisible();
}

test(
  'answer, come back, change through the e-mailed link, cancel on a full event: the seats go to the next guest',
  { tag: '@mobile' },
  async ({ page, server, playwright, browser }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const title = `Rooftop Jazz ${testInfo.project.name}`;
    const event = await createThemedEvent(owner, { title, max_attendees: 3 });
    const ada = uniqueEmail(testInfo, 'ada');
    const alan = uniqueEmail(testInfo, 'alan');

    // Ada answers for two on the event page.
    await answerOnEventPage(page, event, { name: 'Ada Lovelace', email: ada, party: 'Me + 1' });

    // After a reload this browser still knows her answer (the remembered-answer cookie): the card
    // offers Change RSVP, which is the link her confirmation e-mail carries.
    await page.reload();
    await expect(page.getByRole('heading', { name: "You're going · 2 guests" })).toBeVisible();
    const link = await manageLinkMailedTo(owner, server, ada);
    await expect(page.getByRole('link', { name: 'Change RSVP' })).toHaveAttribute('href', new URL(link).pathname);

    // The e-mailed link opens her answer, in the event's colours.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: "You're going · 2 guests" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View ticket' })).toHaveAttribute('href', /^\/ticket\/[A-Za-z0-9_-]{24}$/);
    await expect(page.getByRole('link', { name: 'Event page' })).toHaveAttribute('href', `/event/${event.slug}`);
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    await expect(page.getByRole('menuitem', { name: /Google Calendar/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByLabel('Email')).toHaveValue(ada);
    await expect(page.getByLabel('Email')).toHaveJSProperty('readOnly', true);
    await expect(page.getByRole('main').locator('xpath=..')).toHaveCSS('background-color', 'rgb(31, 42, 68)');

    // A bigger party than the seats left: the page says how many fit, the server refuses and says why.
    const party = page.getByLabel('Party size');
    await expect(page.getByText('Only 1 seat left besides yours')).toBeVisible();
    await party.selectOption({ label: 'Me + 3' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Only 1 seat is left.')).toBeVisible();
    await expect(party).toBeFocused();

    // She brings one more and leaves a note: saved (an e-mail with the new state goes to the dev mailbox, so none is promised).
    await party.selectOption({ label: 'Me + 2' });
    await page.getByLabel('Notes (optional)').fill('Front row, please');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // Confirmed beside the button that saved (docs/product.md#manage-page).
    await expect(page.getByRole('button', { name: 'Save changes' }).locator('..').getByRole('status')).toHaveText('Saved.');
    await expect(page.getByRole('heading', { name: "You're going · 3 guests" })).toBeVisible();
    await screenshot(page, testInfo, 'manage-changed');

    // Every reminder's "Stop reminders for this event" link: the question in view, its button focused (docs/product.md#reminders).
    await page.goto(`${link}?reminders=off`);
    const stop = page.getByRole('button', { name: 'Stop reminders' });
    await expect(stop).toBeFocused();
    await stop.click();
    const remindersSwitch = page.getByRole('switch', { name: 'Reminders before the event' });
    await expect(remindersSwitch).toBeFocused();
    await expect(remindersSwitch).not.toBeChecked();
    await expect(page.getByText('Reminders are off: you will get no more for this event.')).toBeVisible();
    await page.goto(link);
    await expect(remindersSwitch).not.toBeChecked();

    // The event is full now: Alan cannot answer yes.
    const alanPage = await guestPage(browser, server, testInfo);
    await alanPage.goto(`/event/${event.id}`);
    await expect(alanPage.getByText('Sorry, this event is full.')).toBeVisible();
    // Not a dead end: the dialog opens on Maybe, with Yes closed (docs/product.md#capacity).
    await alanPage.getByRole('button', { name: 'RSVP', exact: true }).click();
    await expect(alanPage.getByRole('radio', { name: "Yes, I'll attend" })).toBeDisabled();
    await expect(alanPage.getByRole('radio', { name: 'Maybe' })).toBeChecked();

    // Ada cancels, after a confirmation; the page carries on under the new link, e-mailed to her.
    await page.getByRole('button', { name: 'Cancel RSVP' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your RSVP?' });
    await expect(confirm).toContainText('Your 3 seats go to someone else and your ticket stops working.');
    await screenshot(page, testInfo, 'manage-cancel-confirm');
    await confirm.getByRole('button', { name: 'Cancel RSVP' }).click();
    await expect(confirm).toBeHidden();
    const cancelled = page.getByRole('heading', { name: 'Your RSVP is cancelled' });
    await expect(cancelled).toBeVisible();
    await expect(cancelled).toBeFocused();
    await expect(
      page.getByText('The old link to this page no longer works: keep this one. Changed your mind? Answer again below.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'View ticket' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
    await expect(page).not.toHaveURL(link);
    const newLink = await manageLinkMailedTo(owner, server, ada, link);
    expect(page.url()).toBe(newLink);
    await screenshot(page, testInfo, 'manage-cancelled');

    // The freed seats go to Alan.
    await answerOnEventPage(alanPage, event, { name: 'Alan Turing', email: alan, party: 'Me + 1' });
    await alanPage.context().close();

    // Ada changes her mind: one seat is left, so a party of two is refused; alone she gets in.
    await choose(page, "Yes, I'll attend");
    await party.selectOption({ label: 'Me + 1' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Only 1 seat is left.')).toBeVisible();
    await party.selectOption({ label: 'Just me' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: "You're going" })).toBeVisible();

    // A reload keeps working (the address bar holds the new link); the old link is dead.
    await page.reload();
    await expect(page.getByRole('heading', { name: "You're going" })).toBeVisible();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Find your ticket' })).toBeVisible();
    await owner.dispose();
  },
);

test(
  'a dead link offers "Find your ticket", which reveals nothing on screen',
  { tag: '@mobile' },
  async ({ page, server, playwright }, testInfo) => {
    const owner = await ownerApi(playwright, server);
    const event = await createThemedEvent(owner, { title: 'Lost and Found' });
    const grace = uniqueEmail(testInfo, 'grace');
    const guest = await page.request.post(`/api/public/events/${event.id}/rsvps`, { data: { name: 'Grace Hopper', email: grace } });
    expect(guest.status()).toBe(201);
    // The dev mailbox keeps the links (DEV_MAILBOX=true): the page says nothing was e-mailed.
    const sent = 'This site does not send e-mail yet, so no e-mail will reach you. Ask the host for the link to your ticket.';

    for (const path of ['/rsvp/no-such-link-at-all', '/ticket/no-such-ticket-secret00']) {
      await page.goto(path);
      const form = page.getByRole('region', { name: 'Find your ticket' });
      await expect(form).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    }
    const form = page.getByRole('region', { name: 'Find your ticket' });
    await form.getByRole('button', { name: 'Send my links' }).click();
    await expect(form.getByText('Please fill in your email address.')).toBeVisible();
    await form.getByLabel('Email').fill('not-an-address');
    await form.getByRole('button', { name: 'Send my links' }).click();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();

    // An address without RSVPs and one with them read the same.
    await form.getByLabel('Email').fill(uniqueEmail(testInfo, 'nobody'));
    await form.getByRole('button', { name: 'Send my links' }).click();
    await expect(form.getByText(sent)).toBeFocused();
    await form.getByRole('button', { name: 'Use another address' }).click();
    await form.getByLabel('Email').fill(grace);
    await form.getByRole('button', { name: 'Send my links' }).click();
    await expect(form.getByText(sent)).toBeVisible();
    await screenshot(page, testInfo, 'find-your-ticket');
    // Only the real guest gets mail: her links.
    await manageLinkMailedTo(owner, server, grace);
    await owner.dispose();
  },
);

test('after the event, the manage page is read-only and the ticket says "Past event"', async ({ page, server, playwright }, testInfo) => {
  const owner = await ownerApi(playwright, server);
  const event = await createThemedEvent(owner, { title: 'Winter Gala' });
  const email = uniqueEmail(testInfo, 'hedy');
  const res = await page.request.post(`/api/public/events/${event.id}/rsvps`, { data: { name: 'Hedy Lamarr', email, guest_count: 2 } });
  expect(res.status()).toBe(201);
  const { manage_url, ticket_url } = (await res.json()) as { manage_url: string; ticket_url: string };
  const moved = await owner.patch(`/api/events/${event.id}`, {
    data: { event_date: '2025-01-10T18:00:00Z', end_date: '2025-01-10T22:00:00Z' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto(manage_url);
  await expect(page.getByRole('heading', { name: 'You were going · 2 guests' })).toBeVisible();
  await expect(page.getByText('This event has ended. Your ticket stays here.')).toBeVisible();
  await expect(page.getByText('The event is over, so your answer can no longer be changed.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel RSVP' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
  await screenshot(page, testInfo, 'manage-ended');

  await page.goto(ticket_url);
  await expect(page.getByText('Past event', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCSS('background-color', 'rgb(31, 42, 68)');
  await screenshot(page, testInfo, 'ticket-past');
  await owner.dispose();
});

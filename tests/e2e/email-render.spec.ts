import { expect, test } from '@playwright/test';
import { screenshot } from './fixtures.ts';
import sharp from 'sharp';
import type { EmailPayload } from '../../src/server/db/schema/outbox.ts';
import { sendableEmail } from '../../src/server/modules/outbox/sendable-email.ts';
import { buildConfirmationEmail } from '../../src/server/modules/rsvps/confirmation-email.ts';
import type { RsvpEvent } from '../../src/server/modules/rsvps/load-rsvp-event.ts';
import { buildFindTicketEmail, buildManageLinkEmail } from '../../src/server/modules/rsvps/manage-link-email.ts';

// The e-mails as a phone's mail app shows them (docs/product.md#e-mails): Chromium at 375 px and at
// 600 px, the HTML loaded as it is, the inline QR as the client resolves cid: (a data: URL), the
// event's image from its absolute URL. Nothing may be wider than the screen; the button and the QR show.
// No server: the e-mails are built here, so this file uses @playwright/test itself (fixtures.ts would
// start a built server for every test).

const BASE = 'https://turnout.example';
const EVENT: RsvpEvent = {
  id: '3f2b9c1e-8d4a-4f6b-9a2c-1e5d7b8c9a0f',
  slug: 'harbour-gala',
  title: 'Harbour Gala at the Extraordinarily Long Pier Pavilion',
  subtitle: 'An evening on the water, with a band, a boat and fireworks over the harbour',
  image_url: '/media/0123456789abcdef.jpg',
  theme_colors: { primary: '#2f5d3a', secondary: '#46704f', accent: '#b4492f', background: '#f3f7ef', text: '#1f2d22' },
  host_name: 'Grace Hopper',
  event_date: new Date('2031-06-21T18:30:00Z'),
  end_date: new Date('2031-06-21T23:00:00Z'),
  timezone: 'Europe/London',
  location: 'Pier 7, Harbour Street, Supercalifragilisticexpialidocious-on-Sea',
  max_attendees: 100,
  is_paid_event: false,
  has_payment_keys: false,
};
const verificationUrl = `${BASE}/ticket-verification/abcdefghijklmnopqrstuvwxyz0123456789`;
const answer = {
  rsvp: { name: 'Ada Lovelace-Byron', guest_count: 2, revision: 1, id: '00000000-0000-4000-8000-000000000001' },
  manageSecret: 'M1',
};

const MAILS: Record<string, () => EmailPayload> = {
  confirmed: () =>
    buildConfirmationEmail({
      baseUrl: BASE,
      to: 'ada.lovelace-byron@example.com',
      event: EVENT,
      rsvp: { ...answer.rsvp, status: 'confirmed' },
      updated: false,
      manageSecret: 'M1',
      ticket: { pin: '482193', verificationUrl, ticketSecret: 'T1' },
    }),
  maybe: () =>
    buildConfirmationEmail({
      baseUrl: BASE,
      to: 'ada@example.com',
      event: {
        ...EVENT,
        image_url: null,
        theme_colors: { primary: '#e0c36a', secondary: '#c9d1e0', accent: '#e0c36a', background: '#141a2b', text: '#f1f3f8' },
      },
      rsvp: { ...answer.rsvp, status: 'maybe' },
      updated: true,
      manageSecret: 'M1',
    }),
  'manage-link': () =>
    buildManageLinkEmail({
      baseUrl: BASE,
      to: 'ada@example.com',
      answer: { event: EVENT, rsvp: { name: 'Ada', status: 'confirmed', guest_count: 2 }, manageSecret: 'M1' },
    }),
  'find-ticket': () =>
    buildFindTicketEmail({
      baseUrl: BASE,
      to: 'ada@example.com',
      answers: [
        { event: EVENT, rsvp: { name: 'Ada', status: 'confirmed', guest_count: 2 }, manageSecret: 'M1' },
        {
          event: { title: 'Garden Party', event_date: new Date('2031-07-01T15:00:00Z'), timezone: 'America/Chicago' },
          rsvp: { name: 'Ada', status: 'maybe', guest_count: 1 },
          manageSecret: 'M2',
        },
      ],
    }),
};

/** The HTML as a mail client shows it: cid: parts resolved to their attachment. */
function asShown(mail: EmailPayload): string {
  let html = mail.html!;
  for (const a of sendableEmail(mail).attachments ?? [])
    if (a.cid) html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.contentBase64}`);
  return html;
}

test.beforeEach(async ({ page }) => {
  const jpeg = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#46704f' } })
    .jpeg()
    .toBuffer();
  await page.route(`${BASE}/media/**`, (route) => route.fulfill({ body: jpeg, contentType: 'image/jpeg' }));
});

for (const width of [375, 600]) {
  for (const [name, build] of Object.entries(MAILS)) {
    test(`${name} e-mail at ${width} px: nothing wider than the screen`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(asShown(build()), { waitUntil: 'load' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const button =
        name === 'confirmed'
          ? 'View ticket'
          : name === 'maybe'
            ? 'View event'
            : name === 'manage-link'
              ? 'Change or cancel your RSVP'
              : 'Garden Party';
      await expect(page.getByRole('link', { name: button, exact: true })).toBeVisible();
      await screenshot(page, info, `${name}-${width}`);
    });
  }
}

test('confirmed at 375 px: the button spans the card, the QR and the event image load', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.setContent(asShown(MAILS.confirmed!()), { waitUntil: 'load' });
  const button = page.getByRole('link', { name: 'View ticket', exact: true });
  expect((await button.boundingBox())!.width).toBeGreaterThanOrEqual(280);
  const qr = page.getByRole('img', { name: "Your ticket's QR code" });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const image = page.locator(`img[src="${BASE}/media/0123456789abcdef.jpg"]`);
  await expect(image).toBeVisible();
  const [natural, shown] = await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.getBoundingClientRect().width]);
  expect(natural).toBe(1200);
  expect(shown).toBeGreaterThan(350); // the card's width: 375 less 8 px of page on each side and the border
  for (const name of ['Google Calendar', 'Outlook', 'Apple Calendar (.ics)', 'Open in Maps', 'Change or cancel your RSVP']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
});

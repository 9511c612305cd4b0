import { describe, expect, it } from 'vitest';
import type { EmailPayload } from '../db/schema/outbox.ts';
import { buildConfirmationEmail, type ConfirmationInput } from '../modules/rsvps/confirmation-email.ts';
import type { RsvpEvent } from '../modules/rsvps/load-rsvp-event.ts';
import { buildFindTicketEmail, buildManageLinkEmail } from '../modules/rsvps/manage-link-email.ts';
import { formatEventWhen } from './event-when.ts';
import { emailPalette } from './palette.ts';
import { compileTemplate, fillTemplate } from './template.ts';

// The e-mails of docs/product.md#e-mails as rendered HTML and text (file snapshots in __snapshots__:
// .html.snap so that Biome leaves the generated markup alone; tests/e2e/email-render.spec.ts looks at
// them in Chromium), and the rules every one of them keeps.

const BASE = 'https://turnout.example';

const EVENT: RsvpEvent = {
  id: '3f2b9c1e-8d4a-4f6b-9a2c-1e5d7b8c9a0f',
  slug: 'harbour-gala',
  title: 'Harbour Gala',
  subtitle: 'An evening <on> the water',
  image_url: '/media/0123456789abcdef.jpg',
  theme_colors: { primary: '#2f5d3a', secondary: '#46704f', accent: '#b4492f', background: '#f3f7ef', text: '#1f2d22' },
  host_name: 'Grace Hopper',
  event_date: new Date('2025-05-03T22:00:00Z'),
  end_date: new Date('2025-05-04T04:00:00Z'),
  timezone: 'America/Chicago',
  location: 'Pier 7, Harbour Street',
  max_attendees: 100,
  is_paid_event: false,
  has_payment_keys: false,
};

function confirmation(over: Partial<ConfirmationInput> & { status?: ConfirmationInput['rsvp']['status'] } = {}): EmailPayload {
  const status = over.status ?? 'confirmed';
  return buildConfirmationEmail({
    baseUrl: BASE,
    to: 'ada@example.com',
    event: EVENT,
    rsvp: { id: '00000000-0000-4000-8000-000000000001', name: 'Ada <Lovelace>', status, guest_count: 2, revision: 1 },
    updated: false,
    manageSecret: 'MaNaGeSeCrEt_0123456789',
    ...(status === 'confirmed'
      ? {
          ticket: {
            pin: '482193',
            verificationUrl: 'https://turnout.example/ticket-verification/t0k3n',
            ticketSecret: 'TiCkEtSeCrEt_0123456789',
          },
        }
      : {}),
    ...over,
  });
}

const answer = (title: string, secret: string, status: 'confirmed' | 'maybe' | 'declined' = 'confirmed') => ({
  event: { ...EVENT, title },
  rsvp: { name: 'Ada', status, guest_count: 2 },
  manageSecret: secret,
});

const VARIANTS: Record<string, () => EmailPayload> = {
  'confirmed-first': () => confirmation(),
  'confirmed-updated': () => confirmation({ updated: true }),
  maybe: () => confirmation({ status: 'maybe' }),
  'declined-first': () => confirmation({ status: 'declined' }),
  'declined-updated': () => confirmation({ status: 'declined', updated: true }),
  'manage-link': () =>
    buildManageLinkEmail({ baseUrl: BASE, to: 'ada@example.com', answer: answer('Harbour Gala', 'MaNaGeSeCrEt_0123456789') }),
  'find-ticket': () =>
    buildFindTicketEmail({
      baseUrl: BASE,
      to: 'ada@example.com',
      answers: [
        answer('Harbour Gala', 'SeCrEt_one'),
        {
          event: { title: 'Garden Party', event_date: new Date('2025-06-01T15:00:00Z'), timezone: 'Europe/Berlin' },
          rsvp: { name: 'Ada', status: 'maybe', guest_count: 1 },
          manageSecret: 'SeCrEt_two',
        },
      ],
    }),
};

/** What a reader sees of the HTML, sentence by sentence (the hidden preview line included: it must not repeat either). */
function sentences(html: string): string[] {
  const text = html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split(/\n|(?<=[.!?:])\s+/)
    .map((s) => s.replace(/[\s\u00a0\u200b-\u200f\u2028\u2029\ufeff]+/g, ' ').trim())
    .filter(Boolean);
}

const repeated = (list: string[]) => list.filter((s, i) => list.indexOf(s) !== i);

describe.each(Object.entries(VARIANTS))('%s e-mail', (name, build) => {
  const mail = build();
  const html = mail.html!;

  it('matches its snapshots (HTML and text)', async () => {
    await expect(html).toMatchFileSnapshot(`__snapshots__/${name}.html.snap`);
    await expect(`Subject: ${mail.subject}\n\n${mail.text}`).toMatchFileSnapshot(`__snapshots__/${name}.txt`);
  });

  it('links and images are absolute (https:, or the inline cid: QR)', () => {
    const urls = [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url, url).toMatch(/^(https:\/\/|cid:ticket-qr@turnout$)/);
  });

  it('says no sentence twice, in the HTML or the text', () => {
    expect(sentences(html).length).toBeGreaterThan(6);
    expect(repeated(sentences(html))).toEqual([]);
    expect(repeated(mail.text.split(/\n|(?<=[.!?])\s+/).filter((s) => s.trim()))).toEqual([]);
  });

  it('has an HTML and a plain-text part with the manage link', () => {
    expect(html.startsWith('<!DOCTYPE html><html dir="ltr" lang="en">')).toBe(true);
    expect(html).not.toContain('rel="preload"');
    expect(mail.text).toMatch(/https:\/\/turnout\.example\/rsvp\/\S+/);
  });
});

describe('the confirmation', () => {
  it("confirmed: the ticket button, PIN and QR, the event's image, colours and host, calendar and map links", () => {
    const mail = confirmation();
    const html = mail.html!;
    expect(mail.subject).toBe('Your ticket for Harbour Gala');
    expect(html).toContain(`href="${BASE}/ticket/TiCkEtSeCrEt_0123456789"`);
    expect(html).toMatch(/<a [^>]*href="https:\/\/turnout\.example\/ticket\/TiCkEtSeCrEt_0123456789"[^>]*>[\s\S]*?View ticket/);
    expect(html).toContain('src="cid:ticket-qr@turnout"');
    expect(html).toContain('482193');
    expect(html).toContain(`src="${BASE}/media/0123456789abcdef.jpg"`);
    expect(html).toContain('background-color:#b4492f'); // the theme's accent on the button
    expect(html).toContain('Hosted by Grace Hopper');
    expect(html).toContain('https://calendar.google.com/calendar/render?');
    expect(html).toContain('https://outlook.live.com/calendar/0/deeplink/compose?');
    expect(html).toContain(`href="${BASE}/api/public/events/${EVENT.id}/calendar.ics"`);
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=Pier%207%2C%20Harbour%20Street"');
    expect(html).toContain(`href="${BASE}/rsvp/MaNaGeSeCrEt_0123456789"`);
    expect(mail.text).toContain('When: Saturday, May 3, 2025 · 5:00 – 11:00 PM CDT');
    expect(mail.text).toContain('PIN: 482193');
    expect(mail.text).toContain(`Your ticket: ${BASE}/ticket/TiCkEtSeCrEt_0123456789`);
    expect(mail.text).toContain(`Change or cancel your RSVP: ${BASE}/rsvp/MaNaGeSeCrEt_0123456789`);
    expect(mail.attachments?.map((a) => a.filename)).toEqual(['ticket-qr.png', 'event.ics']);
  });

  it('escapes the guest and the event in the HTML; the text keeps them as typed', () => {
    const mail = confirmation({ event: { ...EVENT, title: 'Gala "Night" & <Day>' } });
    expect(mail.html).toContain('Ada &lt;Lovelace&gt;');
    expect(mail.html).toContain('Gala &quot;Night&quot; &amp; &lt;Day&gt;');
    expect(mail.html).not.toContain('<Lovelace>');
    expect(mail.html).not.toContain('<Day>');
    expect(mail.text).toContain('Hi Ada <Lovelace>,');
  });

  it('a decline never looks forward to seeing the guest and shows no ticket, no calendar links', () => {
    for (const updated of [false, true]) {
      const mail = confirmation({ status: 'declined', updated });
      for (const part of [mail.html!, mail.text]) {
        expect(part).not.toMatch(/look forward/i);
        expect(part).not.toContain('/ticket/');
        expect(part).not.toContain('PIN');
        expect(part).not.toContain('cid:');
        expect(part).not.toContain('calendar.google.com');
      }
      expect(mail.subject).toBe('Thanks for letting us know: Harbour Gala');
      expect(mail.text).toContain("Sorry you can't make it to Harbour Gala.");
      expect(mail.attachments?.map((a) => a.filename) ?? []).toEqual(updated ? ['event.ics'] : []);
    }
  });

  it('maybe: no ticket, the way to one; on a paid event, the event page', () => {
    const free = confirmation({ status: 'maybe' });
    expect(free.subject).toBe('You might come to Harbour Gala');
    expect(free.html).not.toContain('View ticket');
    expect(free.text).toContain('change your answer to "Yes" with the link below to get your ticket');
    const paid = confirmation({ status: 'maybe', event: { ...EVENT, is_paid_event: true } });
    expect(paid.text).toContain('If you decide to come, get your ticket on the event page.');
    expect(paid.text).toContain(`Event page: ${BASE}/event/${EVENT.id}`);
  });

  it('an edited event is never served from an earlier rendering; each guest gets their own values', () => {
    const before = confirmation();
    const after = confirmation({ event: { ...EVENT, title: 'Harbour Ball', location: 'Pier 9' } });
    expect(after.html).toContain('Harbour Ball');
    expect(after.html).not.toContain('Harbour Gala');
    expect(after.html).toContain('Pier 9');
    const other = confirmation({ to: 'bo@example.com', rsvp: { id: 'x', name: 'Bo', status: 'confirmed', guest_count: 3, revision: 2 } });
    expect(other.text).toContain('Hi Bo,');
    expect(other.text).toContain('Guests: 3');
    expect(other.text).toContain('Sent to bo@example.com');
    expect(before.text).toContain('Guests: 2');
  });

  it('a stored text that looks like a template marker stays text', () => {
    const mail = confirmation({ event: { ...EVENT, title: 'slot0x0x and slotabcx1x' } });
    expect(mail.text).toContain("You're going to slot0x0x and slotabcx1x.");
  });
});

describe('the links e-mails', () => {
  it("name each answer in the admin's and the ticket's words (docs/product.md#rsvp-status)", () => {
    const statuses = ['confirmed', 'maybe', 'declined'] as const;
    const mail = buildFindTicketEmail({ baseUrl: BASE, to: 'ada@example.com', answers: statuses.map((s) => answer(s, `SeCrEt_${s}`, s)) });
    expect(mail.text).toContain('Going · 2 guests');
    expect(mail.text).toContain(' · Maybe · 2 guests');
    expect(mail.text).toContain(" · Can't go\n");
    const known = buildManageLinkEmail({ baseUrl: BASE, to: 'ada@example.com', answer: answer('Harbour Gala', 'SeCrEt_x', 'declined') });
    expect(known.text).toContain("Your answer: Can't go");
  });
});

describe('template', () => {
  it('fills every hole, escaping for HTML only', () => {
    const t = compileTemplate(['a', 'b'] as const, (s) => ({ html: `<p>${s.a}</p><a href="${s.b}">${s.a}</a>`, text: `${s.a} ${s.b}` }));
    expect(fillTemplate(t, { a: '<x & "y">', b: 'https://e.x/?q=1&r=2' })).toEqual({
      html: '<p>&lt;x &amp; &quot;y&quot;&gt;</p><a href="https://e.x/?q=1&amp;r=2">&lt;x &amp; &quot;y&quot;&gt;</a>',
      text: '<x & "y"> https://e.x/?q=1&r=2',
    });
  });
});

describe('formatEventWhen', () => {
  const tz = 'America/Chicago';
  it.each([
    ['the same day', '2025-05-03T22:00:00Z', '2025-05-04T04:00:00Z', 'Saturday, May 3, 2025 · 5:00 – 11:00 PM CDT'],
    ['across noon', '2025-05-03T15:00:00Z', '2025-05-03T20:00:00Z', 'Saturday, May 3, 2025 · 10:00 AM – 3:00 PM CDT'],
    ['overnight', '2025-05-04T03:00:00Z', '2025-05-04T07:30:00Z', 'Saturday, May 3, 2025 · 10:00 PM – 2:30 AM CDT'],
    [
      'over days',
      '2025-05-03T15:00:00Z',
      '2025-05-05T20:00:00Z',
      'Saturday, May 3, 2025 · 10:00 AM CDT – Monday, May 5, 2025 · 3:00 PM CDT',
    ],
    ['no end', '2025-05-03T22:00:00Z', null, 'Saturday, May 3, 2025 · 5:00 PM CDT'],
    ['an end before the start', '2025-05-03T22:00:00Z', '2025-05-03T21:00:00Z', 'Saturday, May 3, 2025 · 5:00 PM CDT'],
  ])('%s', (_, start, end, expected) => {
    expect(formatEventWhen(new Date(start), end ? new Date(end) : null, tz)).toBe(expected);
  });

  it('names the zone of the event, UTC for an unknown one', () => {
    expect(formatEventWhen(new Date('2031-01-10T18:30:00Z'), null, 'Europe/London')).toBe('Friday, January 10, 2031 · 6:30 PM GMT');
    expect(formatEventWhen(new Date('2031-01-10T18:30:00Z'), null, 'Nowhere/Else')).toBe('Friday, January 10, 2031 · 6:30 PM UTC');
  });
});

const THEME = { primary: '#111111', secondary: '#444444', accent: '#2563eb', background: '#ffffff', text: '#111111' };

describe('emailPalette', () => {
  it('keeps the theme where it reads, and makes it read where it does not', () => {
    // The default violet is a shade too light for a white label (4.2:1): darkened a step, hue kept.
    expect(emailPalette(null)).toMatchObject({ background: '#f4e9d1', card: '#ffffff', accent: '#8558eb', onAccent: '#ffffff' });
    expect(emailPalette({ ...THEME, accent: '#2563eb' })).toMatchObject({ accent: '#2563eb', onAccent: '#ffffff' });
    // Midnight: a dark page keeps its dark card; a light gold accent gets a dark label.
    const night = emailPalette({ primary: '#e0c36a', secondary: '#c9d1e0', accent: '#e0c36a', background: '#141a2b', text: '#f1f3f8' });
    expect(night).toMatchObject({ card: '#141a2b', text: '#f1f3f8', accent: '#e0c36a', onAccent: '#1c1410' });
    // Light text on a white card and garbage colours: readable defaults.
    const bad = emailPalette({ primary: 'x', secondary: 'x', accent: 'red; background:url(x)', background: '#ffffff', text: '#fafafa' });
    expect(bad.accent).toBe('#8558eb');
    expect(bad.text).not.toBe('#fafafa');
  });
});

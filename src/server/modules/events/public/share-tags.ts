import { SOCIAL_IMAGE } from '../../../../common/constants.ts';
import { eventEndsAt } from '../../../../common/event-time.ts';
import type { TPublicEvent } from '../../../../common/schemas/events.ts';
import { escapeHtml } from '../../../../common/html-escape.ts';
import { shareCard } from '../../../../common/share-card.ts';

export type ShareTagOptions = { baseUrl: string; pageUrl: string };

/** JSON inside <script>: '<' (and the line separators JavaScript dislikes) escaped. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function jsonLd(e: TPublicEvent, description: string, image: string | null, pageUrl: string) {
  const end = eventEndsAt(e).toISOString();
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description,
    startDate: e.event_date,
    endDate: end,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url: pageUrl,
    ...(image ? { image: [image] } : {}),
    ...(e.location ? { location: { '@type': 'Place', name: e.location, address: e.location } } : {}),
    isAccessibleForFree: !e.is_paid_event,
    ...(e.is_paid_event && e.ticket_price !== null
      ? {
          offers: {
            '@type': 'Offer',
            price: e.ticket_price.toFixed(2),
            priceCurrency: e.currency.toUpperCase(),
            url: pageUrl,
            availability: e.seats_left === 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
          },
        }
      : {}),
  };
}

/** The <head> tags of a public event page: title, description, Open Graph, Twitter card, JSON-LD. */
export function renderShareTags(e: TPublicEvent, { baseUrl, pageUrl }: ShareTagOptions): string {
  const { description, image } = shareCard(e, baseUrl, pageUrl);
  const t = escapeHtml(e.title);
  const d = escapeHtml(description);
  const u = escapeHtml(pageUrl);
  const tags = [
    `<title>${t} | Event</title>`,
    `<meta name="description" content="${d}">`,
    `<link rel="canonical" href="${u}">`,
    `<meta property="og:site_name" content="Turnout">`,
    `<meta property="og:title" content="${t}">`,
    `<meta property="og:description" content="${d}">`,
    `<meta property="og:type" content="event">`,
    `<meta property="og:url" content="${u}">`,
  ];
  if (image) {
    const i = escapeHtml(image.url);
    tags.push(`<meta property="og:image" content="${i}">`);
    if (image.sized) {
      tags.push(
        `<meta property="og:image:width" content="${SOCIAL_IMAGE.width}">`,
        `<meta property="og:image:height" content="${SOCIAL_IMAGE.height}">`,
      );
    }
    tags.push(`<meta property="og:image:alt" content="${t}">`);
  }
  tags.push(
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${t}">`,
    `<meta name="twitter:description" content="${d}">`,
  );
  if (image) tags.push(`<meta name="twitter:image" content="${escapeHtml(image.url)}">`);
  tags.push(`<script type="application/ld+json">${scriptJson(jsonLd(e, description, image?.url ?? null, pageUrl))}</script>`);
  return tags.join('');
}

/** For unknown or inactive events (status 404): no share tags, not indexed. */
export function notFoundTags(): string {
  return '<title>Event Not Found | Event</title><meta name="robots" content="noindex">';
}

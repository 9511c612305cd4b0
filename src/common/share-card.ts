import { absoluteUrl, eventHref } from './hrefs.ts';
import type { TPublicEvent } from './schemas/events.ts';
import { zonedFormat } from './zoned-format.ts';

const DESCRIPTION_MAX = 200;

/** What an event's shared link shows: the server's share tags render it, the host's share dialog previews it. */
export type ShareCardSource = Pick<
  TPublicEvent,
  'id' | 'slug' | 'title' | 'subtitle' | 'main_body_intro' | 'main_body_description' | 'event_date' | 'timezone' | 'location' | 'image_url'
>;

export type ShareCard = {
  /** The full public link of the event page. */
  url: string;
  title: string;
  description: string;
  /** Absolute; `sized` when it is our own /media image, made at the social size. */
  image: { url: string; sized: boolean } | null;
};

/** Absolute URL for an image path; our own /media images are the 1200×675 social size. */
function absoluteImage(url: string | null, baseUrl: string): ShareCard['image'] {
  if (!url) return null;
  if (url.startsWith('/')) return { url: baseUrl + url, sized: url.startsWith('/media/') };
  return /^https?:\/\//.test(url) ? { url, sized: false } : null;
}

export function longDate(iso: string, timeZone: string): string {
  return zonedFormat('share', timeZone, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}

function clip(s: string, max: number): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Subtitle or intro, else when and where. */
export function shareDescription(e: ShareCardSource): string {
  const text = e.subtitle || e.main_body_intro || e.main_body_description;
  const when = longDate(e.event_date, e.timezone);
  return clip(text ?? (e.location ? `${when} · ${e.location}` : when), DESCRIPTION_MAX);
}

/**
 * The one reading of what a shared event link looks like (docs/product.md#share-dialog): its page URL on
 * `baseUrl` (PUBLIC_BASE_URL on the server, the browser's origin in the admin), title, description and image.
 * `pageUrl` overrides the URL where the page lives elsewhere (the sample's /sample).
 */
export function shareCard(e: ShareCardSource, baseUrl: string, pageUrl = absoluteUrl(baseUrl, eventHref(e))): ShareCard {
  return { url: pageUrl, title: e.title, description: shareDescription(e), image: absoluteImage(e.image_url, baseUrl) };
}

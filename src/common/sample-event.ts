import { SAMPLE_EVENT } from './constants.ts';

/**
 * What the seeded sample event (/sample, docs/product.md#sample-event) says. The server seeds an
 * event with these fields (host_line in its own column); the landing page falls back on them before it exists.
 */
export const SAMPLE_EVENT_CONTENT = {
  slug: 'sample',
  title: 'Summer Garden Soirée',
  subtitle: 'An evening of music, food and good company',
  host_line: 'Hosted by the Turnout team',
  location: 'The Old Greenhouse, 120 Elm Street, Springfield',
  main_body_intro:
    'Join us for a relaxed evening under the string lights: live acoustic sets, a long-table supper and a dance floor that stays open until late. Bring a friend and your best summer outfit.',
  main_body_description:
    'Doors open at 5 pm. Supper is served at 6:30 pm; vegetarian and vegan dishes are on the menu. The garden is step-free. Street parking is free after 6 pm.',
  call_to_action: 'Let us know if you can make it!',
  rsvp_button_text: 'RSVP',
  startISO: SAMPLE_EVENT.startISO,
  endISO: SAMPLE_EVENT.endISO,
  /** UTC−5 on that date (CDT). */
  timezone: 'America/Chicago',
} as const;

/**
 * The demo event is the seeded sample, known by its reserved page address (docs/product.md#sample-event):
 * host screens mark it "Demo" and the dashboard's figures leave it out. Its address cannot be changed.
 */
export const isDemoEvent = (e: { slug: string | null }) => e.slug === SAMPLE_EVENT_CONTENT.slug;

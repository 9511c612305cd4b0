import { sql } from 'drizzle-orm';
import { events } from '../db/schema/events.ts';

/** The event columns both hosts and the public read (TEventCore); never keys or owner data. */
export const eventCoreColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  subtitle: events.subtitle,
  image_url: events.image_url,
  preview_image_url: events.preview_image_url,
  event_date: events.event_date,
  end_date: events.end_date,
  timezone: events.timezone,
  location: events.location,
  main_body_intro: events.main_body_intro,
  main_body_description: events.main_body_description,
  call_to_action: events.call_to_action,
  rsvp_button_text: events.rsvp_button_text,
  max_attendees: events.max_attendees,
  is_paid_event: events.is_paid_event,
  ticket_price: events.ticket_price,
  currency: events.currency,
};

/** What the public read selects of an event row: the core columns and the sample's host line. */
export const publicEventColumns = {
  ...eventCoreColumns,
  host_line: events.host_line,
  /** docs/product.md#waitlist: a full event offers "Join the waitlist". */
  waitlist: sql<boolean>`(${events.waitlist_offer_hours} is not null)`,
  /** Sites that may frame the RSVP form: public anyway, the embed page's CSP header names them. */
  embed_origins: events.embed_origins,
};

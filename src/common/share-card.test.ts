import { describe, expect, it } from 'vitest';
import { shareCard } from './share-card.ts';

const event = {
  id: '6f1c1c36-6c52-4c2e-9d55-0d8f1b7c2a10',
  slug: 'harbour-gala-x7k2q9',
  title: 'Harbour Lights Gala',
  subtitle: null,
  main_body_intro: null,
  main_body_description: null,
  event_date: '2030-09-12T23:00:00.000Z',
  timezone: 'America/New_York',
  location: 'Pier 7 Pavilion',
  image_url: null,
};

describe('shareCard: what a shared event link shows', () => {
  it('links to the event page by its address on the given origin, the address encoded', () => {
    expect(shareCard(event, 'https://rsvp.example.org').url).toBe('https://rsvp.example.org/event/harbour-gala-x7k2q9');
    expect(shareCard({ ...event, slug: '' }, 'https://rsvp.example.org').url).toBe(`https://rsvp.example.org/event/${event.id}`);
    expect(shareCard({ ...event, slug: 'a b' }, 'http://localhost:3000').url).toBe('http://localhost:3000/event/a%20b');
    expect(shareCard(event, 'https://x.org', 'https://x.org/sample').url).toBe('https://x.org/sample');
  });

  it('describes with the subtitle, else the intro, else when and where, in one clipped line', () => {
    expect(shareCard(event, 'https://x.org').description).toBe('Thursday, September 12, 2030 at 7:00 PM · Pier 7 Pavilion');
    expect(shareCard({ ...event, main_body_intro: 'Black tie\n\non the water.' }, 'https://x.org').description).toBe(
      'Black tie on the water.',
    );
    expect(shareCard({ ...event, subtitle: 'Dinner', main_body_intro: 'Intro' }, 'https://x.org').description).toBe('Dinner');
    const long = shareCard({ ...event, subtitle: 'word '.repeat(80) }, 'https://x.org').description;
    expect(long.length).toBe(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it('makes our own images absolute and social-sized; keeps outside http(s) images; drops anything else', () => {
    expect(shareCard({ ...event, image_url: '/media/abc.jpg' }, 'https://x.org').image).toEqual({
      url: 'https://x.org/media/abc.jpg',
      sized: true,
    });
    expect(shareCard({ ...event, image_url: 'https://cdn.example/p.png' }, 'https://x.org').image).toEqual({
      url: 'https://cdn.example/p.png',
      sized: false,
    });
    expect(shareCard({ ...event, image_url: 'javascript:alert(1)' }, 'https://x.org').image).toBeNull();
    expect(shareCard(event, 'https://x.org').image).toBeNull();
  });
});

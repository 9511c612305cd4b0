// Micro-benchmark of one confirmation e-mail build (buildConfirmationEmail runs when the outbox sends it):
//   npx tsx bench/confirmation-email-micro.ts
// Prints µs per e-mail for a confirmed guest with a ticket, on a warm template (every guest of an
// event after the first) and cold (a new event each time: React renders the template).
import { buildConfirmationEmail, type ConfirmationInput } from '../src/server/modules/rsvps/confirmation-email.ts';
import type { RsvpEvent } from '../src/server/modules/rsvps/load-rsvp-event.ts';

const event: RsvpEvent = {
  id: '3f2b9c1e-8d4a-4f6b-9a2c-1e5d7b8c9a0f',
  slug: 'harbour-gala',
  title: 'Harbour Gala',
  subtitle: 'An evening on the water',
  image_url: '/media/0123456789abcdef.jpg',
  theme_colors: { primary: '#2f5d3a', secondary: '#46704f', accent: '#b4492f', background: '#f3f7ef', text: '#1f2d22' },
  host_name: 'Grace Hopper',
  event_date: new Date('2031-06-21T18:30:00Z'),
  end_date: new Date('2031-06-21T23:00:00Z'),
  timezone: 'Europe/London',
  location: 'Pier 7, Harbour Street',
  max_attendees: 100,
  is_paid_event: false,
  has_payment_keys: false,
};
const verificationUrl = 'https://turnout.example/ticket-verification/abcdefghijklmnopqrstuvwxyz0123456789';

const input = (n: number, ev: RsvpEvent): ConfirmationInput => ({
  baseUrl: 'https://turnout.example',
  to: `guest${n}@example.com`,
  event: ev,
  rsvp: {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Guest ${n}`,
    status: 'confirmed',
    guest_count: 2,
    revision: 1,
  },
  updated: false,
  manageSecret: `manage-secret-${n}`,
  ticket: { pin: String(1000 + (n % 9000)), verificationUrl, ticketSecret: `ticket-secret-${n}` },
});

function measure(label: string, n: number, make: (i: number) => ConfirmationInput) {
  const inputs = Array.from({ length: n }, (_, i) => make(i));
  for (let i = 0; i < Math.min(n, 200); i++) buildConfirmationEmail(inputs[i]!); // warm-up (JIT)
  const t0 = process.hrtime.bigint();
  let bytes = 0;
  for (const i of inputs) bytes += buildConfirmationEmail(i).html!.length;
  const us = Number(process.hrtime.bigint() - t0) / 1e3 / n;
  console.log(`${label.padEnd(40)} ${us.toFixed(1).padStart(8)} µs/e-mail  (${n} e-mails, ${Math.round(bytes / n)} B of HTML each)`);
}

measure('warm (same event, new guest each time)', 20_000, (i) => input(i, event));
measure('cold (a new event each time)', 2_000, (i) => input(i, { ...event, title: `Harbour Gala ${i}` }));

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.ts';
import type { Spa } from '../http/spa.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { guestsRoutes } from './guests/guests.routes.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { smsRoutes } from './sms/sms.routes.ts';
import { shortLinksRoutes } from './short-links/short-links.routes.ts';
import { hostsRoutes } from './events/hosts/hosts.routes.ts';
import { questionsRoutes } from './questions/questions.routes.ts';
import { ticketTypesRoutes } from './ticket-types/ticket-types.routes.ts';
import { promoCodesRoutes, promoLookupRoutes } from './promo-codes/promo-codes.routes.ts';
import { eventHeadProvider } from './events/public/event-head-provider.ts';
import { eventIcsRoutes } from './events/public/event-ics.routes.ts';
import { publicEventsRoutes } from './events/public/public.routes.ts';
import { invitationsRoutes } from './invitations/invitations.routes.ts';
import { MEDIA_UPLOAD_PATH, mediaFileRoutes, mediaUploadRoutes } from './media/media.routes.ts';
import { devMailboxRoutes } from './outbox/dev-mailbox.routes.ts';
import { checkinRoutes } from './checkin/checkin.routes.ts';
import { offlineRoutes } from './checkin/offline.routes.ts';
import { checkinHeadProvider } from './checkin/checkin-head.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { sandboxRoutes } from './payments/sandbox.routes.ts';
import { manageRoutes } from './guest-answers/manage.routes.ts';
import { rsvpRoutes } from './guest-answers/rsvps.routes.ts';
import { themesRoutes } from './themes/themes.routes.ts';
import { peopleRoutes } from './people/people.routes.ts';
import { stripeAccountRoutes } from './stripe-accounts/stripe-account.routes.ts';
import { twoFactorForPaidEvents } from './events/two-factor-rule.ts';
import { ticketRoutes } from './tickets/tickets.routes.ts';
import { waitlistRoutes } from './waitlist/waitlist.routes.ts';
import { apiKeysRoutes } from './api-keys/api-keys.routes.ts';
import { registerWebhookPayloads } from './webhooks/payloads.openapi.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';
import { calendarFeedsRoutes } from './calendar-feeds/calendar-feeds.routes.ts';
import { guestImportsRoutes } from './guest-imports/guest-imports.routes.ts';

/**
 * Feature modules mount here (one line each): API routers under /api/…, plus head providers for
 * server-rendered share tags on public pages.
 */
export function mountModules(app: OpenAPIHono<AppEnv>, spa: Spa) {
  // The owner's two-factor rule for paid events guards every host route under /api/events (ADR 0020).
  app.use('/api/events', twoFactorForPaidEvents);
  app.use('/api/events/*', twoFactorForPaidEvents);
  app.route('/api/events', eventsRoutes());
  app.route('/api/events', hostsRoutes());
  app.route('/api/events', questionsRoutes());
  app.route('/api/events', ticketTypesRoutes());
  app.route('/api/events', promoCodesRoutes());
  app.route('/api/public/events', publicEventsRoutes());
  app.route('/api/public/events', eventIcsRoutes());
  app.route('/api/themes', themesRoutes());
  app.route('/api/invitations', invitationsRoutes());
  app.route(MEDIA_UPLOAD_PATH, mediaUploadRoutes());
  app.route('/media', mediaFileRoutes());
  spa.addHeadProvider(eventHeadProvider);
  spa.addHeadProvider(checkinHeadProvider);
  app.route('/api/dev-mailbox', devMailboxRoutes());
  app.route('/', rsvpRoutes());
  app.route('/', promoLookupRoutes());
  app.route('/', manageRoutes());
  app.route('/', waitlistRoutes());
  app.route('/', checkinRoutes());
  // After checkinRoutes: its /api/checkin/* session middleware covers these too.
  app.route('/', offlineRoutes());
  app.route('/', ticketRoutes());
  app.route('/', guestsRoutes());
  app.route('/', jobsRoutes());
  app.route('/', guestImportsRoutes());
  app.route('/', smsRoutes());
  app.route('/', shortLinksRoutes());
  app.route('/', paymentsRoutes());
  app.route('/', peopleRoutes());
  app.route('/', stripeAccountRoutes());
  app.route('/', sandboxRoutes());
  app.route('/', apiKeysRoutes());
  app.route('/', webhooksRoutes());
  app.route('/', calendarFeedsRoutes());
  registerWebhookPayloads(app.openAPIRegistry);
}

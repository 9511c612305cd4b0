/**
 * The route table of docs/product.md#routes as path patterns. The React router defines the screens; the server uses this
 * list to answer unknown paths with HTTP 404 (src/web/router.test.ts keeps the two in step).
 */
export const SAMPLE_PRODUCT = 'sample';

export const APP_PATHS = [
  '/',
  '/event',
  '/event/:id',
  '/event/:eventSlug/payment-success',
  '/embed/:id',
  '/ticket/:ticketSecret',
  '/rsvp/:manageSecret',
  '/ticket-verification/:qrData',
  '/scan',
  '/admin',
  '/auth',
  '/auth/dashboard',
  '/auth/admin',
  '/auth/sms/twilio',
  '/auth/mailbox',
  '/auth/accept-invite',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/account',
  '/auth/people',
  '/checkin',
  '/checkin/scan',
  '/checkin/search',
  '/checkin/verify/:qrData',
  `/${SAMPLE_PRODUCT}`,
] as const;

// Pure: a bundle that never calls isAppPath (the guest pages) drops the list and its patterns.
const compiled = /* @__PURE__ */ APP_PATHS.map((p) => new RegExp(`^${p.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`));

export function isAppPath(pathname: string): boolean {
  return appPathOf(pathname) !== null;
}

/** The pattern of APP_PATHS that `pathname` matches (e.g. '/event/:id'), or null. */
export function appPathOf(pathname: string): (typeof APP_PATHS)[number] | null {
  const i = compiled.findIndex((re) => re.test(pathname));
  return i < 0 ? null : APP_PATHS[i]!;
}

/**
 * The door app (docs/product.md#offline-door, docs/decisions/0035-offline-door.md): /checkin installs as a
 * Progressive Web App. One list for the server (the head of the check-in screens), the build (the service
 * worker's scope, precache and navigation fallback) and the page that registers the worker.
 */
export const CHECKIN_APP_SCOPE = '/checkin';
export const CHECKIN_SW_URL = '/sw.js';
export const CHECKIN_MANIFEST_URL = '/checkin.webmanifest';

/** The screens the worker serves with no network: the event list, the scanner and search (not the public verify page). */
export const CHECKIN_APP_SCREENS = /^\/checkin(?:\/(?:scan|search))?\/?$/;

/** The head of those screens: the manifest (installable), the home-screen icon and title on iOS. */
export const CHECKIN_APP_HEAD =
  '<title>Check-in · Turnout</title>' +
  `<link rel="manifest" href="${CHECKIN_MANIFEST_URL}">` +
  '<link rel="apple-touch-icon" href="/icons/checkin-apple-180.png">' +
  '<meta name="mobile-web-app-capable" content="yes">' +
  '<meta name="apple-mobile-web-app-capable" content="yes">' +
  '<meta name="apple-mobile-web-app-status-bar-style" content="black">' +
  '<meta name="apple-mobile-web-app-title" content="Turnout Door">';

/** The IndexedDB database of prepared door devices; every sign-out deletes it (web/lib/use-sign-out.ts). */
export const OFFLINE_DOOR_DB = 'turnout-door';
/** Fired on window by every sign-out after deleting that database: the door's in-memory lists go too. */
export const FORGET_SESSION_EVENT = 'turnout:forget-session';

import { CHECKIN_APP_SCOPE, CHECKIN_SW_URL } from '../../../../common/checkin-app.ts';

let registered = false;

/**
 * Installs the door app's service worker (docs/decisions/0035-offline-door.md), scoped to /checkin, from the
 * check-in screens only: no other page registers it, so guest pages never get it. Production builds only
 * (the dev server has no sw.js).
 */
export function registerDoorWorker() {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = true;
  void import('workbox-window')
    .then(({ Workbox }) => new Workbox(CHECKIN_SW_URL, { scope: CHECKIN_APP_SCOPE }).register())
    .catch(() => {
      // No worker (private mode, a blocked script): the screens still work online.
    });
}

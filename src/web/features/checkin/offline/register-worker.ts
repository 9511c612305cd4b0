import { CHECKIN_APP_SCOPE, CHECKIN_SW_URL } from '../../../../common/checkin-app.ts';

/** Whether the worker was registered (false: none in this browser or build, or its script was refused). */
let registered: Promise<boolean> | null = null;

/**
 * Installs the door app's service worker (docs/decisions/0035-offline-door.md), scoped to /checkin, from the
 * check-in screens only: no other page registers it, so guest pages never get it. Production builds only
 * (the dev server has no sw.js).
 */
export function registerDoorWorker() {
  if (registered || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  registered = import('workbox-window')
    .then(({ Workbox }) => new Workbox(CHECKIN_SW_URL, { scope: CHECKIN_APP_SCOPE }).register())
    .then(
      () => true,
      // No worker (private mode, a blocked script): the screens still work online.
      () => false,
    );
}

/**
 * Whether the worker controls this page, so that the check-in screens load with no network: waits up to `ms`
 * for it to finish installing (it stores the app first). False with no worker, or none in place by then.
 */
export async function doorWorkerInPlace(ms = 20_000): Promise<boolean> {
  if (!registered) return false;
  const sw = navigator.serviceWorker;
  if (sw.controller) return true;
  const controlled = new Promise<boolean>((resolve) => sw.addEventListener('controllerchange', () => resolve(true), { once: true }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([registered.then((ok) => (ok ? controlled : false)), late]);
  } finally {
    clearTimeout(timer);
  }
}

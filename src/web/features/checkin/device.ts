/**
 * The scanning device (docs/product.md#check-in): every redeem or undo carries a fresh client nonce, the
 * time the device saw the scan and a label naming the device, so a later offline scanner can queue scans.
 */

const DEVICE_KEY = 'turnout.checkin.device';
export const DEVICE_LABEL_MAX = 60;

/** A nonce of 32 letters and digits (a UUID without its dashes): one per scan, never reused. */
export function newNonce(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 'Chrome on Android', from the user agent; 'Browser' when nothing is recognised. */
export function describeBrowser(ua: string): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\/|FxiOS/.test(ua)
      ? 'Firefox'
      : /Chrome\/|CriOS|Chromium/.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}

export const defaultDeviceLabel = (ua: string) => `Door 1 · ${describeBrowser(ua)}`;

/** This device's label: kept in localStorage, editable on the scan page. */
export function readDeviceLabel(): string {
  try {
    const saved = window.localStorage.getItem(DEVICE_KEY)?.trim();
    if (saved) return saved.slice(0, DEVICE_LABEL_MAX);
  } catch {
    // storage blocked (private mode): the default, not kept
  }
  return defaultDeviceLabel(navigator.userAgent);
}

export function saveDeviceLabel(label: string): string {
  const value = label.trim().slice(0, DEVICE_LABEL_MAX) || defaultDeviceLabel(navigator.userAgent);
  try {
    window.localStorage.setItem(DEVICE_KEY, value);
  } catch {
    // storage blocked: the label holds for this page only
  }
  return value;
}

/** The fields every redeem or undo sends besides what it is about. */
export const scanMeta = (device: string) => ({ nonce: newNonce(), scanned_at: new Date().toISOString(), device });

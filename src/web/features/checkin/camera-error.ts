/**
 * The camera's failure in the words of docs/product.md#check-in (permission denied, no camera, not
 * supported, anything else). An aborted start (the page left, the scanner restarted) says nothing: null.
 */
export const CAMERA_TEXTS = {
  denied: 'Camera access denied. Please allow camera permissions in your browser settings and refresh the page.',
  none: 'No camera found on this device',
  unsupported: 'Camera not supported on this device or browser',
} as const;

export function cameraErrorText(error: unknown): string | null {
  const name = typeof error === 'object' && error !== null ? String((error as { name?: unknown }).name ?? '') : '';
  const message = typeof error === 'string' ? error : error instanceof Error ? error.message : String(error);
  if (name === 'AbortError') return null;
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return CAMERA_TEXTS.denied;
  // qr-scanner throws the string 'Camera not found.' when no camera answers.
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || /camera not found/i.test(message)) return CAMERA_TEXTS.none;
  if (name === 'NotSupportedError' || name === 'TypeError') return CAMERA_TEXTS.unsupported;
  return `Failed to access camera: ${message || name || 'unknown error'}`;
}

/** Whether this browser can reach a camera at all (it needs a secure context: https or localhost). */
export const cameraSupported = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

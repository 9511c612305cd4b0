import { describe, expect, it } from 'vitest';
import { CAMERA_TEXTS, cameraErrorText } from './camera-error.ts';

const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('cameraErrorText', () => {
  it('maps the browser errors to the door texts', () => {
    expect(cameraErrorText(domError('NotAllowedError'))).toBe(CAMERA_TEXTS.denied);
    expect(cameraErrorText(domError('NotFoundError'))).toBe(CAMERA_TEXTS.none);
    expect(cameraErrorText('Camera not found.')).toBe(CAMERA_TEXTS.none);
    expect(cameraErrorText(domError('NotSupportedError'))).toBe(CAMERA_TEXTS.unsupported);
    expect(cameraErrorText(domError('NotReadableError', 'Device in use'))).toBe('Failed to access camera: Device in use');
  });

  it('ignores an aborted start', () => {
    expect(cameraErrorText(domError('AbortError'))).toBeNull();
  });
});

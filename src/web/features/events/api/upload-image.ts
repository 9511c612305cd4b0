import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../../../common/constants.ts';
import type { TMediaUpload } from '../../../../common/schemas/events.ts';
import { apiErrorOf, networkError } from '../../../lib/api.ts';

/** Checks what the server will refuse anyway, so the host hears it before waiting for an upload. */
export function checkImageFile(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > IMAGE_MAX_BYTES) return `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

/**
 * POST /api/media (multipart `file`) with upload progress, which fetch cannot report.
 * Resolves with the social image and preview URLs; rejects with ApiError.
 */
export function uploadImage(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<TMediaUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data) return resolve(data as TMediaUpload);
      reject(apiErrorOf(xhr.status, data));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../../../common/constants.ts';
import { ApiError } from '../../../lib/api.ts';

export type UploadedImage = { image_url: string; preview_image_url: string };

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
export function uploadImage(file: File, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
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
      if (xhr.status >= 200 && xhr.status < 300 && data) return resolve(data as UploadedImage);
      const e = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
      reject(new ApiError(xhr.status, e?.code ?? 'http_error', e?.message ?? `Upload failed (${xhr.status})`, e?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

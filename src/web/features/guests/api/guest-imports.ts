import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TGuestImport, TImportMapping, TImportPreview } from '../../../../common/schemas/guest-imports.ts';
import { api, apiErrorOf, networkError } from '../../../lib/api.ts';

const base = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/guest-imports`;
const POLL_MS = 1000;

/**
 * Uploads a guest file as its raw bytes (docs/product.md#guest-import), reporting the bytes sent so far
 * (XMLHttpRequest: fetch has no upload progress). Resolves with the file as the server read it.
 */
export function uploadGuestFile(
  eventId: string,
  file: File,
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<TGuestImport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${base(eventId)}?name=${encodeURIComponent(file.name)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => onProgress(e.loaded / (e.total || file.size || 1));
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = { message: xhr.responseText };
      }
      if (xhr.status === 201) resolve((data as { import: TGuestImport }).import);
      else reject(apiErrorOf(xhr.status, data));
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

/** The event's imports started so far, newest first: their reports stay reachable after the dialog is closed. */
export function useImportList(eventId: string) {
  return useQuery({
    queryKey: ['guest-imports', eventId],
    queryFn: ({ signal }) => api<{ imports: TGuestImport[] }>(base(eventId), { signal }).then((r) => r.imports),
  });
}

/** The first rows as `mapping` reads them; kept on screen while the next mapping's preview loads. */
export function useImportPreview(eventId: string, importId: string, mapping: TImportMapping | null) {
  return useQuery({
    queryKey: ['guest-import-preview', importId, mapping],
    queryFn: ({ signal }) => api<TImportPreview>(`${base(eventId)}/${importId}/preview`, { method: 'POST', body: { mapping }, signal }),
    enabled: mapping !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useStartImport(eventId: string, importId: string) {
  return useMutation({
    mutationFn: (body: { mapping: TImportMapping; send_tickets: boolean; send_reminders: boolean }) =>
      api<{ import: TGuestImport }>(`${base(eventId)}/${importId}/start`, { method: 'POST', body }).then((r) => r.import),
  });
}

const running = (imp: TGuestImport | undefined) => imp?.status === 'queued' || imp?.status === 'running';

/** A started import, polled until its job is done or failed. */
export function useImportProgress(eventId: string, importId: string, initial: TGuestImport) {
  return useQuery({
    queryKey: ['guest-import', importId],
    queryFn: ({ signal }) => api<{ import: TGuestImport }>(`${base(eventId)}/${importId}`, { signal }).then((r) => r.import),
    initialData: initial,
    // Polled while it runs, also after a failed poll (the import goes on at the server).
    refetchInterval: (q) => (running(q.state.data) ? POLL_MS : false),
    retry: false,
  });
}

import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { toUserMessage } from '../../lib/user-message.ts';
import { checkImageFile, uploadImage } from './api/upload-image.ts';
import type { TMediaUpload } from '../../../common/schemas/events.ts';

type Value = { image_url: string | null; preview_image_url: string | null } | null;

/**
 * The event image: choose a file, see it at once, watch the upload, replace or remove it.
 * The server makes the 1200×675 social image and the preview; we keep both URLs.
 */
export function ImageUpload({
  id,
  value,
  onChange,
  onBusyChange,
  error,
}: {
  id: string;
  value: Value;
  onChange: (v: TMediaUpload | null) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const statusId = useId();

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(
    () => () => {
      if (localUrl) URL.revokeObjectURL(localUrl);
    },
    [localUrl],
  );

  async function onFile(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setMessage(problem);
      return;
    }
    setMessage(null);
    setLocalUrl(URL.createObjectURL(file));
    setProgress(0);
    onBusyChange(true);
    abortRef.current = new AbortController();
    try {
      const uploaded = await uploadImage(file, setProgress, abortRef.current.signal);
      onChange(uploaded);
      setMessage('Image uploaded.');
    } catch (err) {
      setLocalUrl(null);
      if ((err as Error).name === 'AbortError') return;
      setMessage(toUserMessage(err, 'The image could not be uploaded. Please try again.'));
    } finally {
      setProgress(null);
      onBusyChange(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const shown = localUrl ?? value?.preview_image_url ?? value?.image_url ?? null;
  const uploading = progress !== null;
  const isError = message !== null && message !== 'Image uploaded.';
  const shownError = error ?? (isError ? message : undefined);

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        Event image
      </span>
      <div className="overflow-hidden rounded-xl border border-ink/15 bg-paper-soft">
        {shown ? (
          <img src={shown} alt="Chosen for this event" className="aspect-[16/9] w-full object-cover" />
        ) : (
          <div className="grid aspect-[16/9] place-items-center text-sm text-ink/70">
            <span className="flex flex-col items-center gap-2 px-4 text-center">
              <ImagePlus className="size-8 text-ink/40" aria-hidden="true" />
              JPEG, PNG or WebP, up to 10 MB. Shared as 1200×675.
            </span>
          </div>
        )}
        {uploading ? (
          <div
            role="progressbar"
            aria-label="Uploading image"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-1.5 bg-ink/10"
          >
            <div className="h-full bg-accent transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => onFile(e.currentTarget.files?.[0])}
          disabled={uploading}
        />
        <Button
          id={`${id}-button`}
          variant="outline"
          onClick={() => inputRef.current?.click()}
          disabled={uploading}
          aria-describedby={`${id}-label ${statusId}`}
          aria-invalid={shownError ? true : undefined}
        >
          <ImagePlus aria-hidden="true" />
          {uploading ? `Uploading… ${Math.round((progress ?? 0) * 100)}%` : shown ? 'Replace image' : 'Upload image'}
        </Button>
        {uploading ? (
          <Button variant="ghost" onClick={() => abortRef.current?.abort()}>
            Cancel upload
          </Button>
        ) : shown ? (
          <Button
            variant="ghost"
            onClick={() => {
              setLocalUrl(null);
              setMessage(null);
              onChange(null);
            }}
          >
            <Trash2 aria-hidden="true" />
            Remove image
          </Button>
        ) : null}
      </div>
      <p id={statusId} aria-live="polite" className={shownError ? 'text-sm text-danger' : 'text-xs text-ink/70'}>
        {shownError ?? (message === 'Image uploaded.' ? message : '')}
      </p>
    </div>
  );
}

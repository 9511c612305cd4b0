import { Smartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { DEVICE_LABEL_MAX, saveDeviceLabel } from './device.ts';
import { darkButton, darkInput } from './checkin-shell.tsx';

/** This device's name in the check-in log ("Door 1 · Chrome on Android"), kept per device and editable. */
export function DeviceLabel({ value, onChange }: { value: string; onChange: (label: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const id = useId();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onChange(saveDeviceLabel(draft));
    setEditing(false);
  }
  if (!editing) {
    return (
      <div className="flex items-center gap-2 text-sm text-white/75">
        <Smartphone className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">
          This device: <span className="font-medium text-white">{value}</span>
        </span>
        <button
          type="button"
          className={darkButton.small}
          onClick={() => {
            setDraft(value);
            setEditing(true);
          }}
          aria-label={`Rename this device (${value})`}
        >
          Rename
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-white/80">
        Device name (shown in the check-in log)
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className={darkInput}
          value={draft}
          maxLength={DEVICE_LABEL_MAX}
          onChange={(e) => setDraft(e.target.value)}
          autoFocus
        />
        <button type="submit" className={darkButton.small}>
          Save
        </button>
      </div>
    </form>
  );
}

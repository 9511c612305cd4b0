import { Keyboard } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { darkButton, darkInput } from './checkin-shell.tsx';

/**
 * A PIN or a ticket's code or link, typed (docs/product.md#check-in). A keyboard-wedge scanner works
 * here too, and also without focusing this field (use-wedge-scanner.ts).
 */
export function ManualEntry({ onCode, disabled }: { onCode: (code: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState('');
  const id = useId();
  const hintId = useId();
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = value.trim();
    if (!code) return;
    onCode(code);
    setValue('');
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-white/80">
        PIN or ticket code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className={darkInput}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="123456"
          aria-describedby={hintId}
        />
        <button type="submit" className={`${darkButton.secondary} shrink-0`} disabled={disabled || !value.trim()}>
          <Keyboard aria-hidden="true" />
          Check
        </button>
      </div>
      <p id={hintId} className="text-xs text-white/60">
        The 6-digit PIN on the ticket, or its code. A USB or Bluetooth scanner works without tapping here.
      </p>
    </form>
  );
}

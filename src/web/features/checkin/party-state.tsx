import { clsx } from 'clsx';
import { Check, Undo2 } from 'lucide-react';
import { admitOptions } from './admit-options.ts';
import { darkButton } from './checkin-shell.tsx';

/** A search result's admission state at the door: in, partly in or not in, and "2 of 4 in" for a party (online and offline search). */
export function PartyState({ checkedIn, guestCount }: { checkedIn: number; guestCount: number }) {
  return (
    <p className="shrink-0 text-right text-sm font-semibold">
      {checkedIn >= guestCount ? (
        <span className="text-green-300">✓ In</span>
      ) : checkedIn <= 0 ? (
        <span className="text-white/70">Not in</span>
      ) : (
        <span className="text-amber-200">Partly in</span>
      )}
      {guestCount > 1 ? (
        <span className="block font-normal text-white/75 tabular-nums">
          {checkedIn} of {guestCount} in
        </span>
      ) : null}
    </p>
  );
}

/** The top of a search result: the guest's name, a line about them, and their admission state. */
export function ResultHead(p: { name: string; detail: React.ReactNode; checkedIn: number; guestCount: number }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="truncate text-lg font-semibold">{p.name}</p>
        {p.detail ? <p className="text-sm text-white/70">{p.detail}</p> : null}
      </div>
      <PartyState checkedIn={p.checkedIn} guestCount={p.guestCount} />
    </div>
  );
}

/**
 * A search result's admit buttons (admitOptions: "Check in", or "Admit 1" / "Admit all n" for a party) and
 * "Undo check-in", online and offline alike; the caller says what each does and when they wait.
 */
export function AdmitButtons({
  guest: g,
  busy,
  onAdmit,
  onUndo,
}: {
  guest: { name: string; guest_count: number; checked_in_count: number };
  busy: boolean;
  onAdmit: (count: number) => void;
  onUndo: () => void;
}) {
  const admit = admitOptions(g);
  return (
    <div className="grid grid-cols-2 gap-2">
      {admit.map((o) => (
        <button
          key={o.label}
          type="button"
          className={darkButton.primary}
          disabled={busy || g.checked_in_count >= g.guest_count}
          onClick={() => onAdmit(o.count)}
          aria-label={g.guest_count > 1 ? `${o.label} of ${g.name}'s party` : `${o.label} ${g.name}`}
        >
          {/* Two admit buttons side by side at 375 px: their words, without the icon, fit on one line. */}
          {admit.length === 1 ? <Check aria-hidden="true" /> : null}
          {o.label}
        </button>
      ))}
      <button
        type="button"
        className={clsx(darkButton.secondary, admit.length > 1 && 'col-span-2')}
        disabled={busy || g.checked_in_count <= 0}
        onClick={onUndo}
        aria-label={`Undo check-in of ${g.name}`}
      >
        <Undo2 aria-hidden="true" />
        Undo check-in
      </button>
    </div>
  );
}

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

import type { TCheckinStats } from '../../../common/schemas/checkin.responses.ts';

type Counts = TCheckinStats['guests'];

function Row({ label, counts }: { label: string; counts: Counts }) {
  const cells = [
    ['Total', counts.total],
    ['Checked In', counts.checked_in],
    ['Pending', counts.pending],
  ] as const;
  return (
    <section aria-label={label} className="grid gap-2">
      <h2 className="text-sm font-semibold tracking-wide text-white/70 uppercase">{label}</h2>
      <dl className="grid grid-cols-3 gap-2">
        {cells.map(([name, value]) => (
          <div key={name} className="rounded-xl border border-white/15 bg-white/5 px-3 py-3">
            <dt className="text-sm text-white/75">{name}</dt>
            <dd className="text-3xl font-bold tabular-nums" data-stat={`${label.toLowerCase()}-${name.toLowerCase().replace(' ', '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Total, Checked In and Pending, counted in guests (party sizes) and in RSVPs (docs/product.md#check-in); guests in per ticket type. */
export function StatsPanel({ stats }: { stats: TCheckinStats }) {
  return (
    <div className="grid gap-4">
      <Row label="Guests" counts={stats.guests} />
      <Row label="RSVPs" counts={stats.rsvps} />
      {stats.by_type?.length ? (
        <section aria-label="Guests by ticket type" className="grid gap-2">
          <h2 className="text-sm font-semibold tracking-wide text-white/70 uppercase">By ticket type</h2>
          <ul className="grid gap-1">
            {stats.by_type.map((t) => (
              <li key={t.name} className="flex justify-between rounded-lg border border-white/15 bg-white/5 px-3 py-2 text-base">
                <span>{t.name}</span>
                <span className="tabular-nums">
                  <strong>{t.counts.checked_in}</strong> of {t.counts.total} in
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

import { mapSearchHref } from '../../../common/hrefs.ts';
import { formatEventWhen } from '../../lib/datetime.ts';
import { CalendarIcon, PinIcon } from './guest-icons.tsx';

const ICON = 'mt-0.5 size-5 shrink-0 opacity-70';

/**
 * The date, time and place of an event as the guest pages show them (docs/product.md#public-event-page):
 * the date and time in the event's zone, the place as a link to a map search (new tab).
 */
export function EventDetails({
  start,
  end,
  timezone,
  location,
}: {
  start: string;
  end: string | null;
  timezone: string;
  location: string | null;
}) {
  const when = formatEventWhen(start, end, timezone);
  return (
    <dl className="grid gap-4">
      <div className="flex gap-3">
        <dt>
          <CalendarIcon className={ICON} />
          <span className="sr-only">Date and time</span>
        </dt>
        <dd>
          <span className="block font-semibold">{when.date}</span>
          <span className="block opacity-80">{when.time}</span>
        </dd>
      </div>
      {location ? (
        <div className="flex gap-3">
          <dt>
            <PinIcon className={ICON} />
            <span className="sr-only">Location</span>
          </dt>
          <dd className="min-w-0 font-semibold break-words">
            <a
              href={mapSearchHref(location)}
              target="_blank"
              rel="noopener noreferrer"
              className="underline decoration-current/30 underline-offset-4 hover:decoration-current"
            >
              {location}
              <span className="sr-only"> (map, opens in a new tab)</span>
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

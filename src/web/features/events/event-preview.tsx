import { Monitor, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_RSVP_BUTTON_TEXT } from '../../../common/constants.ts';
import type { TThemeColors } from '../../../common/schemas/events.ts';
import { formatMinorUnits } from '../../lib/money.ts';
import { cn } from '../../lib/cn.ts';
import { zonedToIso } from '../../lib/time-zones.ts';
import { useThemes } from './api/themes.ts';
import { EventDetails } from './event-details.tsx';
import type { EventFormState } from './event-form-state.ts';
import { EventHero } from './event-hero.tsx';
import { themeStyle } from './theme-style.ts';

type Device = 'desktop' | 'phone';
const WIDTH: Record<Device, number> = { desktop: 1100, phone: 375 };

/**
 * The editor's live preview of the public page (docs/product.md#event-form): the page's own hero, details
 * block and theme colours (event-hero, event-details, theme-style), laid out as a desktop or a phone screen
 * and scaled to fit beside the form. It is a picture: nothing in it can be pressed.
 */
export function EventPreview({ state }: { state: EventFormState }) {
  const [device, setDevice] = useState<Device>('desktop');
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setAvailable(entry?.contentRect.width ?? 0));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const width = WIDTH[device];
  const scale = available > 0 ? Math.min(1, available / width) : 0;

  return (
    <section aria-label="Preview of the public page" className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-base font-semibold">Preview</h3>
        <fieldset aria-label="Preview size" className="flex rounded-lg border border-ink/15 p-0.5">
          {(['desktop', 'phone'] as const).map((d) => (
            <button
              key={d}
              type="button"
              aria-pressed={device === d}
              onClick={() => setDevice(d)}
              className={cn(
                'inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm',
                device === d ? 'bg-ink text-paper' : 'text-ink hover:bg-ink/5',
              )}
            >
              {d === 'desktop' ? <Monitor className="size-4" aria-hidden="true" /> : <Smartphone className="size-4" aria-hidden="true" />}
              {d === 'desktop' ? 'Desktop' : 'Phone'}
            </button>
          ))}
        </fieldset>
      </div>
      <div ref={box} className="overflow-hidden rounded-xl border border-ink/15 bg-paper-soft" data-testid="event-preview">
        <div className={cn('mx-auto overflow-hidden', device === 'phone' && 'my-2')} style={{ width: width * scale, height: 640 * scale }}>
          <div inert aria-hidden="true" style={{ width, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
            <PreviewPage state={state} device={device} />
          </div>
        </div>
      </div>
      <p className="text-xs text-ink/70">Guests' answers, seat counts and the RSVP form appear on the real page.</p>
    </section>
  );
}

/** The page as guests will see it, from the form as typed (empty fields shown as the page would leave them out). */
function PreviewPage({ state: s, device }: { state: EventFormState; device: Device }) {
  const colors = usePreviewColors(s);
  const start = zonedToIso(s.date, s.time, s.timezone) ?? new Date().toISOString();
  const end = s.endDate || s.endTime ? (zonedToIso(s.endDate || s.date, s.endTime, s.timezone) ?? null) : null;
  const price = s.isPaid && Number(s.price) > 0 ? formatMinorUnits(Math.round(Number(s.price) * 100), s.currency) : null;
  const wide = device === 'desktop';
  return (
    <div style={themeStyle(colors)} className="min-h-[640px] font-sans">
      <div className={cn('mx-auto', wide ? 'grid max-w-6xl grid-cols-[minmax(0,1fr)_22rem] gap-x-12 px-6 pt-10' : 'pb-28')}>
        <div>
          <EventHero image={s.image?.image_url ?? null} preview={s.image?.preview_image_url ?? null} />
          <div className={wide ? 'pt-8' : 'px-5 pt-6'}>
            <p className="font-display text-4xl leading-tight font-bold tracking-tight break-words">
              {s.title.trim() || 'Your event title'}
            </p>
            {s.subtitle ? <p className="mt-2 text-lg opacity-80">{s.subtitle}</p> : null}
          </div>
          {wide ? <Body s={s} /> : null}
        </div>
        <div
          className={cn(
            'grid content-start gap-4 rounded-2xl border border-current/15',
            wide ? 'self-start p-5 shadow-sm' : 'mx-5 mt-6 p-4',
          )}
        >
          <EventDetails start={start} end={end} timezone={s.timezone} location={s.location.trim() || null} />
          {price ? (
            <p>
              <span className="font-semibold">{price}</span> per guest
            </p>
          ) : null}
          <RsvpButton s={s} />
        </div>
        {wide ? null : <Body s={s} />}
      </div>
    </div>
  );
}

function Body({ s }: { s: EventFormState }) {
  return (
    <div className="px-5 sm:px-0">
      {s.intro ? <p className="mt-8 text-lg leading-relaxed whitespace-pre-line">{s.intro}</p> : null}
      {s.description ? <p className="mt-6 leading-relaxed whitespace-pre-line opacity-90">{s.description}</p> : null}
    </div>
  );
}

function RsvpButton({ s }: { s: EventFormState }) {
  return (
    <div className="border-t border-current/15 pt-4">
      {s.callToAction ? <p className="mb-3 text-base font-medium">{s.callToAction}</p> : null}
      <span className="grid min-h-12 w-full place-items-center rounded-xl bg-(--event-accent) px-8 text-lg font-semibold text-(--event-on-accent) shadow-sm">
        {s.rsvpButtonText.trim() || DEFAULT_RSVP_BUTTON_TEXT}
      </span>
    </div>
  );
}

/** The colours the page will wear: the custom ones as typed, else the chosen theme's, else the defaults. */
function usePreviewColors(s: EventFormState): Partial<TThemeColors> | null {
  const themes = useThemes();
  if (s.customColors) return { background: s.background, text: s.text, accent: s.accent };
  return themes.data?.find((t) => t.id === s.themeId)?.colors ?? null;
}

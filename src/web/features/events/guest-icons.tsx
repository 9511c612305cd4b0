import type { SVGProps } from 'react';

/**
 * The few line icons the guest pages paint first (24 px grid, 2 px stroke, currentColor), drawn here
 * so that the public pages' first load carries no icon library (docs/product.md#performance-targets:
 * 90 kB). Dialogs and cards that load later use lucide-react as the rest of the app does.
 */
export function Svg({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

export type IconProps = { className?: string };

/** A calendar page: frame, two rings, the header rule; `extra` draws inside the page. */
const calendar = (extra: string) => `M8 2v4M16 2v4M3 10h18${extra}`;

const calendarIcon = (extra: string) => (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d={calendar(extra)} />
  </Svg>
);

export const CalendarIcon = calendarIcon('M8 14h.01M12 14h.01M16 14h.01M8 18h.01M12 18h.01M16 18h.01');
export const CalendarPlusIcon = calendarIcon('M12 13v6M9 16h6');
export const CalendarXIcon = calendarIcon('M10 14l4 4M14 14l-4 4');

export const PinIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 22s7-6.1 7-12a7 7 0 0 0-14 0c0 5.9 7 12 7 12Z" />
    <circle cx="12" cy="10" r="2.5" />
  </Svg>
);

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One entry of a details list (`<dl>`): an icon with a screen-reader label as the term, then its value.
 * `size` sets the icon and the gap: 'sm' in the admin cards, 'md' on the guest pages.
 */
export function Detail({
  icon: Icon,
  label,
  size = 'md',
  children,
}: {
  icon: LucideIcon;
  label: string;
  size?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <div className={size === 'sm' ? 'flex gap-2' : 'flex gap-3'}>
      <dt>
        <Icon className={size === 'sm' ? 'mt-0.5 size-4 text-ink/50' : 'mt-0.5 size-5 opacity-70'} aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      {children}
    </div>
  );
}

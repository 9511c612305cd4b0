import { MoreHorizontal } from 'lucide-react';
import { DropdownMenu as M } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

export type OverflowItem = {
  label: string;
  /** One plain line under the label: what the action does. */
  hint?: string;
  icon?: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  destructive?: boolean;
  disabled?: boolean;
  onSelect: () => void;
};

/**
 * A "More" menu for the actions a host needs now and then (docs/product.md#admin-events): they stay one
 * tap away without the weight of the everyday buttons. The trigger is the caller's (its size and label).
 */
export function OverflowMenu({
  label,
  items,
  triggerClassName,
  children,
}: {
  /** The trigger's accessible name, e.g. "More actions for Harbour Gala". */
  label: string;
  items: OverflowItem[];
  triggerClassName?: string;
  /** What the trigger shows; an ellipsis icon by default. */
  children?: React.ReactNode;
}) {
  return (
    <M.Root modal={false}>
      <M.Trigger
        aria-label={label}
        className={cn(
          'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-lg text-sm font-medium text-ink hover:bg-ink/5 data-[state=open]:bg-ink/5 [&_svg]:size-4',
          triggerClassName,
        )}
      >
        {children ?? <MoreHorizontal aria-hidden="true" />}
      </M.Trigger>
      <M.Portal>
        <M.Content
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 grid max-w-80 min-w-56 gap-0.5 rounded-xl border border-ink/10 bg-white p-1.5 shadow-lg"
        >
          {items.map(({ label: text, hint, icon: Icon, destructive, disabled, onSelect }) => (
            <M.Item
              key={text}
              disabled={disabled}
              onSelect={onSelect}
              className={cn(
                'flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 text-sm outline-none select-none data-disabled:cursor-not-allowed data-disabled:opacity-50 data-highlighted:bg-ink/8',
                destructive ? 'text-danger data-highlighted:bg-red-50' : 'text-ink',
              )}
            >
              {Icon ? <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
              <span className="grid gap-0.5">
                <span className="font-medium">{text}</span>
                {hint ? <span className={cn('text-xs', destructive ? 'text-danger/80' : 'text-ink/70')}>{hint}</span> : null}
              </span>
            </M.Item>
          ))}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}

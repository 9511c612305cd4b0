import { Tooltip as T } from 'radix-ui';
import type * as React from 'react';

/**
 * A short hint on hover and keyboard focus. The trigger must be focusable (use aria-disabled rather
 * than disabled on buttons that explain why they do nothing yet).
 */
export function Tooltip({ content, children }: { content: React.ReactNode; children: React.ReactElement }) {
  return (
    <T.Provider delayDuration={200}>
      <T.Root>
        <T.Trigger asChild>{children}</T.Trigger>
        <T.Portal>
          <T.Content sideOffset={6} className="z-50 max-w-64 rounded-lg bg-ink px-3 py-2 text-xs text-paper shadow-lg">
            {content}
            <T.Arrow className="fill-ink" />
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  );
}

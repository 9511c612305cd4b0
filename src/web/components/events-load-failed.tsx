import { MSG } from '../../common/messages.ts';
import { toUserMessage } from '../lib/user-message.ts';
import { LoadFailed } from './page-states.tsx';
import { Card } from './ui/card.tsx';

/** The host's event list could not be read: a panel with the reason and Try again (guest list, messaging). */
export function EventsLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Card className="mx-auto max-w-md">
      <LoadFailed layout="panel" title={MSG.loadEventsFailed} message={toUserMessage(error)} onRetry={onRetry} />
    </Card>
  );
}

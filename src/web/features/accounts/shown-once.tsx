import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toUserMessage } from '../../lib/user-message.ts';

/** A secret shown this once (an API key, a webhook signing secret), with Copy and a button that puts it away. */
export function ShownOnce({ lead, secret, copyLabel, onDone }: { lead: string; secret: string; copyLabel: string; onDone: () => void }) {
  return (
    <div className="grid gap-3 rounded-xl border-2 border-accent p-4">
      {/* Only the sentence is announced: a screen reader reading the secret aloud would spell it in the room. */}
      <p role="status" className="font-medium">
        {lead}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-paper p-3 font-mono text-sm">{secret}</code>
        <CopyButton text={secret} srLabel={copyLabel} />
      </div>
      <Button variant="outline" className="justify-self-start" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

/**
 * A list's loading and error states (skeleton; the error's message with Retry), or null once it has data.
 * `what` names the list in both texts ("your API keys").
 */
export function ListPending<T>({ state, what }: { state: UseQueryResult<T>; what: string }) {
  if (state.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only">Loading {what}…</span>
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (state.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p>{toUserMessage(state.error, `Failed to load ${what}.`)}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => state.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return null;
}

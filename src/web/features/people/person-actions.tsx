import { useState } from 'react';
import type { TPerson } from '../../../common/schemas/people.responses.ts';
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { cn } from '../../lib/cn.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { useSetActive } from './people-api.ts';

/**
 * Deactivate (after a confirmation that says what happens) or reactivate one account. Owner accounts,
 * the signed-in owner's own included, have no action: the server refuses them too.
 */
export function PersonActions({ person }: { person: TPerson }) {
  const setActive = useSetActive();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (person.is_owner) return null;
  const who = person.name || person.email;

  if (person.deactivated_at) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={setActive.isPending}
        onClick={() =>
          setActive.mutate(
            { id: person.id, active: true },
            {
              onSuccess: () => notify.success('Account reactivated', `${who} can sign in again.`),
              onError: (err) => notify.error('Could not reactivate the account', toUserMessage(err)),
            },
          )
        }
      >
        Reactivate <span className="sr-only">{who}</span>
      </Button>
    );
  }

  const owned = person.events.filter((e) => e.role === 'owner').length;
  const confirm = () => {
    setError(null);
    setActive.mutate(
      { id: person.id, active: false },
      {
        onSuccess: (answer) => {
          setOpen(false);
          const moved = answer.events_transferred;
          notify.success(
            'Account deactivated',
            moved ? `${moved} ${moved === 1 ? 'event is' : 'events are'} yours now.` : `${who} is signed out.`,
          );
        },
        onError: (err) => setError(toUserMessage(err, 'Could not deactivate the account.')),
      },
    );
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (setActive.isPending) return;
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <AlertDialogTrigger className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'text-danger')}>
        Deactivate <span className="sr-only">{who}</span>
      </AlertDialogTrigger>
      <AlertDialogContent
        title={`Deactivate ${who}?`}
        description={
          <>
            {person.email} is signed out everywhere at once and can no longer sign in.{' '}
            {owned
              ? `${owned === 1 ? 'The event they own passes' : `The ${owned} events they own pass`} to you, with their guests and payments. `
              : ''}
            You can reactivate the account later; the events stay yours.
            {error ? (
              <span role="alert" className="mt-3 block font-medium text-danger">
                {error}
              </span>
            ) : null}
          </>
        }
        confirmLabel={setActive.isPending ? 'Deactivating...' : 'Deactivate'}
        busy={setActive.isPending}
        onConfirm={confirm}
      />
    </AlertDialog>
  );
}

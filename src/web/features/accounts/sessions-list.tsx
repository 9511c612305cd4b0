import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { sessionQuery } from '../../lib/auth.ts';
import { notify } from '../../lib/toast.ts';
import { toUserMessage } from '../../lib/user-message.ts';
import { revokeOtherSessions, revokeSession, sessionsKey, sessionsQuery } from './account-api.ts';
import { ago, deviceOf, ipArea } from './session-labels.ts';

/** The account's active sessions: device, address area and last use; end one, or all but this one (docs/product.md#account). */
export function SessionsList() {
  const qc = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const current = useQuery({ ...sessionQuery(), select: (d) => (d as { session?: { token?: string } } | null)?.session?.token ?? null });
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await action();
      await qc.invalidateQueries({ queryKey: sessionsKey });
      notify.success(done);
    } catch (err) {
      notify.error('Could not sign out', toUserMessage(err));
    } finally {
      setBusy(null);
    }
  }

  if (sessions.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only">Loading sessions…</span>
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p>{toUserMessage(sessions.error, 'Failed to load your sessions.')}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => sessions.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const list = [...sessions.data].sort((a, b) =>
    a.token === current.data ? -1 : b.token === current.data ? 1 : b.updatedAt.localeCompare(a.updatedAt),
  );
  const others = list.filter((s) => s.token !== current.data).length;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {list.map((s) => {
          const mine = s.token === current.data;
          return (
            <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-ink/10 p-3">
              <Monitor aria-hidden="true" className="size-5 shrink-0 text-ink/60" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {deviceOf(s.userAgent)}
                  {mine ? <Badge>This device</Badge> : null}
                </p>
                <p className="text-sm text-ink/70">
                  {ipArea(s.ipAddress)} · last used {ago(s.updatedAt)}
                </p>
              </div>
              {mine ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() => run(s.id, () => revokeSession(s.token), 'Signed out that device')}
                  aria-label={`Sign out ${deviceOf(s.userAgent)}, last used ${ago(s.updatedAt)}`}
                >
                  {busy === s.id ? 'Signing out…' : 'Sign out'}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={busy !== null}
          onClick={() => run('others', revokeOtherSessions, 'Signed out every other device')}
        >
          {busy === 'others' ? 'Signing out…' : 'Sign out all other devices'}
        </Button>
      ) : (
        <p className="text-sm text-ink/70">No other device is signed in.</p>
      )}
    </div>
  );
}

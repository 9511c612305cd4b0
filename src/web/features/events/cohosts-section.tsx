import { Mail, Trash2, UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { OWNER_ONLY, type TeamRole } from '../../../common/event-roles.ts';
import { MSG } from '../../../common/messages.ts';
import { normalizeEmail, ZEmail } from '../../../common/schemas/email.ts';
import { Button } from '../../components/ui/button.tsx';
import { EMAIL_INPUT, Input, Select } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorCode } from '../../lib/error-code.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { notify } from '../../lib/toast.ts';
import { useAddHost, useHosts, useRemoveHost, useSetHostRole } from './api/hosts.ts';

/** What each team role may do, as the list and the role choice name it. */
const ROLE_LABEL: Record<TeamRole, string> = { cohost: 'Co-host', door: 'Door staff' };
const ROLE_TEXT: Record<TeamRole, string> = { cohost: 'co-host', door: 'door staff' };

/**
 * The event's team (docs/product.md#co-hosts): co-hosts (manage the event) and door staff (its check-in only),
 * oldest first. Only the owner adds and removes them and changes their role (`canManage`); a co-host sees the list.
 */
export function CohostsSection({ eventId, canManage }: { eventId: string; canManage: boolean }) {
  const hosts = useHosts(eventId);
  const add = useAddHost(eventId);
  const remove = useRemoveHost(eventId);
  const setRole = useSetHostRole(eventId);
  const [email, setEmail] = useState('');
  const [role, setNewRole] = useState<TeamRole>('cohost');
  const roleId = useId();
  const [status, setStatus] = useState('');
  const inputId = useId();
  const headingId = useId();

  async function onAdd(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = normalizeEmail(email);
    if (!ZEmail.safeParse(value).success) {
      notify.error(MSG.invalidEmail, MSG.invalidEmailText);
      return;
    }
    if (hosts.data?.some((h) => h.email === value)) {
      notify.error(MSG.emailAlreadyAdded, MSG.emailAlreadyAddedText);
      return;
    }
    try {
      await add.mutateAsync({ email: value, role });
      setEmail('');
      setStatus(`${value} added as ${ROLE_TEXT[role]}.`);
    } catch (err) {
      const code = errorCode(err);
      if (code === 'conflict') notify.error(MSG.emailAlreadyAdded, MSG.emailAlreadyAddedText);
      else if (code === 'validation_failed' || code === 'bad_request')
        notify.error(MSG.invalidEmail, fieldErrorsOf(err)?.email ?? MSG.invalidEmailText);
      else notify.error('Failed to add co-host', toUserMessage(err));
    }
  }

  async function onRole(hostEmail: string, next: TeamRole) {
    try {
      await setRole.mutateAsync({ email: hostEmail, role: next });
      setStatus(`${hostEmail} is now ${ROLE_TEXT[next]}.`);
    } catch (err) {
      notify.error('Failed to change the role', toUserMessage(err));
    }
  }

  async function onRemove(hostEmail: string) {
    try {
      await remove.mutateAsync(hostEmail);
      setStatus(`${hostEmail} removed.`);
    } catch (err) {
      notify.error('Failed to remove co-host', toUserMessage(err));
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h3 id={headingId} className="text-base font-semibold">
          Co-hosts
        </h3>
        <p className="text-sm text-ink/70">
          {canManage
            ? 'Co-hosts edit this event and see its guests; door staff only check its guests in. People without an account get an invitation e-mail.'
            : OWNER_ONLY.hosts}
        </p>
      </div>

      {hosts.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
        </div>
      ) : hosts.isError ? (
        <p className="text-sm text-danger" role="alert">
          Failed to load co-hosts.{' '}
          <button type="button" className="underline underline-offset-4" onClick={() => hosts.refetch()}>
            Retry
          </button>
        </p>
      ) : hosts.data.length === 0 ? (
        <p className="rounded-lg bg-paper-soft px-3 py-2 text-sm text-ink/70">No co-hosts yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-ink/10 rounded-lg border border-ink/10">
          {hosts.data.map((h) => (
            <li key={h.email} className="flex items-center gap-3 py-1 pr-1 pl-3">
              <Mail className="size-4 shrink-0 text-ink/50" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm">{h.email}</span>
                <span className="block text-xs text-ink/70">
                  {canManage ? null : `${ROLE_LABEL[h.role]}${h.has_account ? '' : ' · '}`}
                  {h.has_account ? null : 'Invited · no account yet'}
                </span>
              </span>
              {canManage ? (
                <Select
                  aria-label={`Role of ${h.email}`}
                  value={h.role}
                  disabled={setRole.isPending && setRole.variables?.email === h.email}
                  onChange={(e) => onRole(h.email, e.target.value as TeamRole)}
                  className="h-11 w-auto shrink-0 text-sm"
                >
                  <option value="cohost">{ROLE_LABEL.cohost}</option>
                  <option value="door">{ROLE_LABEL.door}</option>
                </Select>
              ) : null}
              {canManage ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-11"
                  aria-label={`Remove ${h.email}`}
                  disabled={remove.isPending && remove.variables === h.email}
                  onClick={() => onRemove(h.email)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {canManage ? (
        <form onSubmit={onAdd} noValidate className="flex flex-wrap gap-2">
          <label htmlFor={inputId} className="sr-only">
            Co-host e-mail
          </label>
          <Input
            id={inputId}
            {...EMAIL_INPUT}
            autoComplete="off"
            placeholder="cohost@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="min-w-0 flex-1 basis-48"
          />
          <label htmlFor={roleId} className="sr-only">
            Role
          </label>
          <Select id={roleId} value={role} onChange={(e) => setNewRole(e.target.value as TeamRole)} className="w-auto">
            <option value="cohost">{ROLE_LABEL.cohost}</option>
            <option value="door">{ROLE_LABEL.door}</option>
          </Select>
          <Button type="submit" variant="outline" disabled={add.isPending}>
            <UserPlus aria-hidden="true" />
            {add.isPending ? 'Adding…' : 'Add'}
          </Button>
        </form>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </section>
  );
}

import { ArrowLeft, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { TPeople, TPerson } from '../../../common/schemas/people.responses.ts';
import { LoadFailed } from '../../components/page-states.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { InviteHostForm } from '../../features/people/invite-host-form.tsx';
import { useIsOwner, usePeople } from '../../features/people/people-api.ts';
import { PersonActions } from '../../features/people/person-actions.tsx';
import { lastActive, PersonBadges, PersonEvents, shortDate } from '../../features/people/person-parts.tsx';
import { TwoFactorRuleSwitch } from '../../features/people/two-factor-rule.tsx';
import { useSession } from '../../lib/auth.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { toUserMessage } from '../../lib/user-message.ts';

/**
 * /auth/people (docs/product.md#people), owner only: everyone with an account, their events and roles,
 * invitations to host, deactivation and the two-factor rule. A table from 768 px, cards below.
 */
export function Component() {
  useDocumentTitle('People');
  const session = useSession();
  const isOwner = useIsOwner();
  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-2">
        <Link to="/" data-toast-below className="flex min-h-11 w-fit items-center gap-1 text-sm text-ink/70 hover:text-ink">
          <ArrowLeft aria-hidden="true" className="size-4" /> Dashboard
        </Link>
        <h1 className="font-display text-3xl font-semibold">People</h1>
      </div>
      {session.data && !isOwner ? (
        <Card className="p-8 text-center">
          <p className="font-medium">Only the owner of this Turnout can see its people.</p>
        </Card>
      ) : (
        <OwnerView />
      )}
    </main>
  );
}

function OwnerView() {
  const people = usePeople();
  return (
    <>
      <Card className="grid gap-5 p-5">
        <InviteHostForm />
        <div className="border-t border-ink/10 pt-5">
          <TwoFactorRuleSwitch />
        </div>
      </Card>
      <section aria-labelledby="people-heading" className="grid gap-3">
        <h2 id="people-heading" className="text-lg font-semibold">
          Accounts
        </h2>
        {people.isPending ? (
          <PeopleSkeleton />
        ) : people.error ? (
          <Card>
            <LoadFailed
              layout="panel"
              title="The people could not be loaded."
              message={toUserMessage(people.error)}
              onRetry={() => people.refetch()}
              retrying={people.isFetching}
            />
          </Card>
        ) : (
          <PeopleList data={people.data} />
        )}
      </section>
      {people.data && people.data.invitations.length > 0 ? <Invitations data={people.data} /> : null}
    </>
  );
}

function PeopleList({ data }: { data: TPeople }) {
  const others = data.people.filter((p) => !p.is_owner);
  return (
    <>
      <PeopleTable people={data.people} />
      <ul className="grid gap-3 md:hidden" aria-label="Accounts">
        {data.people.map((p) => (
          <li key={p.id}>
            <PersonCard person={p} />
          </li>
        ))}
      </ul>
      {others.length === 0 ? (
        <Card className="grid justify-items-center gap-2 p-8 text-center">
          <Users aria-hidden="true" className="size-8 text-ink/40" />
          <p className="font-medium">No one else has an account yet</p>
          <p className="text-sm text-ink/70">Invite a host above, or add co-hosts and door staff to an event.</p>
        </Card>
      ) : null}
    </>
  );
}

function Who({ person }: { person: TPerson }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{person.name}</p>
      <p className="text-sm break-all text-ink/70">{person.email}</p>
    </div>
  );
}

function PeopleTable({ people }: { people: TPerson[] }) {
  return (
    <Card className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Everyone with an account, their events and roles</caption>
        <thead className="border-b border-ink/10 text-ink/70">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Person
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Events and roles
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Last active
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/10">
          {people.map((p) => (
            <tr key={p.id} className="align-top">
              <td className="px-4 py-3">
                <Who person={p} />
              </td>
              <td className="px-4 py-3">
                <PersonBadges person={p} />
              </td>
              <td className="px-4 py-3">
                <PersonEvents events={p.events} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink/70">{lastActive(p)}</td>
              <td className="px-4 py-3 text-right">
                <PersonActions person={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function PersonCard({ person }: { person: TPerson }) {
  return (
    <Card className="grid gap-3 p-4" aria-label={person.name}>
      <div className="flex items-start justify-between gap-3">
        <Who person={person} />
        <PersonActions person={person} />
      </div>
      <PersonBadges person={person} />
      <PersonEvents events={person.events} />
      <p className="text-xs text-ink/70">Last active: {lastActive(person)}</p>
    </Card>
  );
}

function Invitations({ data }: { data: TPeople }) {
  return (
    <section aria-labelledby="invitations-heading" className="grid gap-3">
      <h2 id="invitations-heading" className="text-lg font-semibold">
        Open invitations
      </h2>
      <Card>
        <ul className="divide-y divide-ink/10">
          {data.invitations.map((i) => (
            <li key={i.email} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3 text-sm">
              <span className="font-medium break-all">{i.email}</span>
              <span className="text-ink/70">Link valid until {shortDate(i.expires_at)}</span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

function PeopleSkeleton() {
  return (
    <Card role="status" aria-label="Loading people" className="grid gap-4 p-4">
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </Card>
  );
}

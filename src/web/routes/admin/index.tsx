import { ArrowLeft, CalendarDays, MessageSquare, ScanLine, Users } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useEvents } from '../../lib/queries/get-events.ts';
import { EventGuestsDialog } from '../../features/guests/event-guests-dialog.tsx';
import { EventsTab } from './events-tab.tsx';
import { CheckinTab } from './checkin-tab.tsx';
import { GuestListTab } from './guest-list-tab.tsx';
import { MessagingScreen } from '../../features/messaging/messaging-screen.tsx';
import { TwoFactorRuleBanner } from '../../features/people/two-factor-rule.tsx';
import { DoorStaffGate } from '../../features/checkin/door-staff-gate.tsx';

const TABS = ['events', 'guest-list', 'checkin', 'messaging'] as const;
type Tab = (typeof TABS)[number];

/**
 * ?tab= picks the tab (docs/product.md#admin-events): tab=guest-list opens the Guest List, tab=checkin the
 * Check-in entry (which leads to the check-in area, /checkin); any other value shows Events.
 */
function tabFrom(value: string | null): Tab {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'events';
}

/** ?guests={eventId}: the guest list dialog of one event, opened from its card (docs/product.md#guest-list). */
function GuestsFromUrl() {
  const [params, setParams] = useSearchParams();
  const id = params.get('guests');
  const events = useEvents();
  const event = id ? (events.data?.find((e) => e.id === id) ?? null) : null;
  const close = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('guests');
        return next;
      },
      { replace: true },
    );
  return <EventGuestsDialog event={event} onClose={close} />;
}

/** /auth/admin: the host's admin dashboard (docs/product.md#admin-events); door staff land on check-in. */
export function Component() {
  return (
    <DoorStaffGate>
      <Admin />
    </DoorStaffGate>
  );
}

function Admin() {
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  useDocumentTitle({ events: 'Events', checkin: 'Check-in', 'guest-list': 'Guest List', messaging: 'Messaging' }[tab]);

  return (
    <div className="min-h-dvh">
      <header className="border-b border-ink/10 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to="/" className={buttonVariants({ variant: 'ghost', className: '-ml-3' })}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
          <span className="font-display text-xl font-bold tracking-tight">Turnout</span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="sr-only">Admin</h1>
        <TwoFactorRuleBanner />
        <Tabs
          value={tab}
          onValueChange={(v) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                if (v === 'events') next.delete('tab');
                else next.set('tab', v);
                return next;
              },
              { replace: true },
            )
          }
        >
          <TabsList aria-label="Admin sections" className="w-full sm:w-fit">
            <TabsTrigger value="events" className="flex-1 max-sm:[&_svg]:hidden sm:flex-none">
              <CalendarDays aria-hidden="true" />
              Events
            </TabsTrigger>
            <TabsTrigger value="guest-list" className="flex-1 max-sm:[&_svg]:hidden sm:flex-none">
              <Users aria-hidden="true" />
              Guest List
            </TabsTrigger>
            <TabsTrigger value="checkin" className="flex-1 max-sm:[&_svg]:hidden sm:flex-none">
              <ScanLine aria-hidden="true" />
              Check-in
            </TabsTrigger>
            <TabsTrigger value="messaging" className="flex-1 max-sm:[&_svg]:hidden sm:flex-none">
              <MessageSquare aria-hidden="true" />
              <span className="sm:hidden">SMS</span>
              <span className="max-sm:hidden">Messaging</span>
            </TabsTrigger>
          </TabsList>
          <TabsContent value="events">
            <EventsTab />
          </TabsContent>
          <TabsContent value="guest-list">
            <GuestListTab />
          </TabsContent>
          <TabsContent value="messaging">
            <MessagingScreen />
          </TabsContent>
          <TabsContent value="checkin">
            <CheckinTab eventId={params.get('event')} />
          </TabsContent>
        </Tabs>
        <GuestsFromUrl />
      </main>
    </div>
  );
}

import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { MSG } from '../../../common/messages.ts';
import type { TEventAdmin, TEventInput } from '../../../common/schemas/events.ts';
import { AlertDialog, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { notify } from '../../lib/toast.ts';
import { useSaveEvent } from './api/save-event.ts';
import { CohostsSection } from './cohosts-section.tsx';
import { NotifyField } from './notify-field.tsx';
import { RemindersField } from './reminders-field.tsx';
import { TicketTypesSection } from './ticket-types-section.tsx';
import { PromoCodesSection } from './promo-codes-section.tsx';
import { QuestionsSection } from './questions-section.tsx';
import { BasicsFields, ContentFields, WhenWhereFields } from './event-form-fields.tsx';
import {
  type EventFormErrors,
  type EventFormState,
  FIELD_ORDER,
  fieldId,
  initialFormState,
  inlineErrors,
  needsPastDateConfirmation,
  REQUIRED_FIELDS,
  validateEventForm,
} from './event-form-state.ts';
import { EventPreview } from './event-preview.tsx';
import { LookFields } from './look-fields.tsx';
import { PaymentFields, PaymentSummary } from './payment-fields.tsx';

/**
 * Create (event undefined) or edit an event (docs/product.md#event-form).
 * Validates with the server's schema first; server field errors land on the same fields.
 */
export function EventFormDialog({
  open,
  onOpenChange,
  event,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  event?: TEventAdmin | null;
  /** After a save, with the event as it was before (null: just created); the dialog has closed. */
  onSaved?: (saved: TEventAdmin, before: TEventAdmin | null) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={event ? 'Edit event' : 'Create Event'}
          description={event ? event.title : 'Only the title and date are required; add the rest whenever you like.'}
          className="pb-0 sm:max-w-2xl sm:pb-0 lg:max-w-6xl"
          onOpenAutoFocus={(e) => {
            // Desktop: start typing the title. Touch: don't pop the keyboard over the sheet.
            if (window.matchMedia('(pointer: fine)').matches) {
              e.preventDefault();
              document.getElementById(fieldId('title'))?.focus();
            }
          }}
          onInteractOutside={(e) => {
            // A half-filled form is not thrown away by a stray click beside it.
            e.preventDefault();
          }}
        >
          <EventForm
            key={event?.id ?? 'new'}
            event={event ?? null}
            onDone={(saved) => {
              onOpenChange(false);
              if (saved) onSaved?.(saved, event ?? null);
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EventForm({ event, onDone }: { event: TEventAdmin | null; onDone: (saved?: TEventAdmin) => void }) {
  const formId = useId();
  const [state, setState] = useState<EventFormState>(() => initialFormState(event));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [uploading, setUploading] = useState(false);
  // Set before a submit's errors are shown: the next render focuses the first invalid field (once).
  const focusPending = useRef(false);
  const save = useSaveEvent();
  const submitted = useRef(false);
  // A checked form whose event would be over already, waiting for "Save anyway?".
  const [pastInput, setPastInput] = useState<TEventInput | null>(null);

  const set = <K extends keyof EventFormState>(key: K, value: EventFormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
  };

  // Once the host has tried to save, errors update as they type.
  useEffect(() => {
    if (submitted.current) setErrors(validateEventForm(state, event).errors);
  }, [state, event]);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    const first = FIELD_ORDER.find((f) => errors[f]);
    if (first) {
      const el = document.getElementById(fieldId(first)) ?? document.getElementById(`${fieldId(first)}-button`);
      el?.focus();
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }, [errors]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (uploading || save.isPending) return;
    submitted.current = true;
    const { input, errors: found } = validateEventForm(state, event);
    focusPending.current = Object.keys(found).length > 0;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (REQUIRED_FIELDS.some((f) => found[f])) notify.error(MSG.missingInformation, MSG.eventMissing);
      return;
    }
    if (needsPastDateConfirmation(input, event)) {
      setPastInput(input);
      return;
    }
    await saveInput(input);
  }

  async function saveInput(input: TEventInput) {
    try {
      const saved = await save.mutateAsync({ id: event?.id, input });
      notify.success(event ? 'Event updated' : 'Event created', input.title.trim());
      onDone(saved);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) {
        focusPending.current = true;
        setErrors(inlineErrors(fields));
        if (REQUIRED_FIELDS.some((f) => fields[f])) notify.error(MSG.missingInformation, MSG.eventMissing);
        else notify.error(MSG.saveEventFailed, toUserMessage(err));
      } else {
        notify.error(MSG.saveEventFailed, toUserMessage(err, '') || undefined);
      }
    }
  }

  const props = { state, set, errors };
  // Payment settings and co-hosts are the owner's (ADR 0011): a co-host sees them, unchangeable.
  const isOwner = !event || event.role === 'owner';
  const busyLabel = uploading ? 'Uploading image…' : save.isPending ? 'Saving…' : null;

  return (
    <>
      <div className="grid gap-6 pb-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        {/* Beside the form on wide screens (sticky), above it on phones: the page as guests will see it. */}
        <div className="lg:sticky lg:top-0 lg:order-2">
          <EventPreview state={state} />
        </div>
        <div className="grid gap-6 lg:order-1">
          <form
            id={formId}
            onSubmit={onSubmit}
            noValidate
            className="grid gap-6"
            aria-describedby={errors.form ? `${formId}-error` : undefined}
          >
            <BasicsFields {...props} />
            <WhenWhereFields {...props} />
            <ContentFields {...props} />
            <LookFields {...props} onUploadingChange={setUploading} />
            {isOwner ? <PaymentFields {...props} event={event} /> : <PaymentSummary event={event!} />}
            {errors.form ? (
              <p id={`${formId}-error`} role="alert" className="text-sm text-danger">
                {errors.form}
              </p>
            ) : null}
          </form>
          <div className="border-t border-ink/10 pt-5">
            {event ? (
              <CohostsSection eventId={event.id} canManage={isOwner} />
            ) : (
              <p className="text-sm text-ink/70">You can add co-hosts once the event is created.</p>
            )}
          </div>
          <div className="border-t border-ink/10 pt-5">
            {event ? (
              <QuestionsSection eventId={event.id} />
            ) : (
              <p className="text-sm text-ink/70">You can add questions for guests once the event is created.</p>
            )}
          </div>
          <div className="border-t border-ink/10 pt-5">
            {event ? (
              <TicketTypesSection eventId={event.id} currency={event.currency} />
            ) : (
              <p className="text-sm text-ink/70">You can add ticket types once the event is created.</p>
            )}
          </div>
          {event ? (
            <div className="border-t border-ink/10 pt-5 empty:hidden">
              <PromoCodesSection eventId={event.id} currency={event.currency} />
            </div>
          ) : null}
          <RemindersField event={event} />
          <NotifyField event={event} />
        </div>
      </div>
      <div className="sticky bottom-0 z-10 -mx-5 mt-4 flex justify-end gap-2 border-t border-ink/10 bg-white px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:-mx-6 sm:px-6">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          type="submit"
          form={formId}
          className="flex-1 sm:flex-none"
          disabled={busyLabel !== null}
          aria-busy={busyLabel !== null || undefined}
        >
          {busyLabel ?? (event ? 'Save changes' : 'Create Event')}
        </Button>
      </div>
      <AlertDialog open={pastInput !== null} onOpenChange={(open) => !open && setPastInput(null)}>
        <AlertDialogContent
          title="This date is in the past. Save anyway?"
          description="The event would be over already: its page says “This event has ended” and takes no RSVPs."
          cancelLabel="Change the date"
          confirmLabel={event ? 'Save anyway' : 'Create anyway'}
          tone="primary"
          onConfirm={() => {
            const input = pastInput;
            setPastInput(null);
            if (input) void saveInput(input);
          }}
        />
      </AlertDialog>
    </>
  );
}

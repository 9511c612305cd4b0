import { useMemo } from 'react';
import { slugBase } from '../../../common/slug.ts';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { timeZoneOptions } from '../../lib/time-zones.ts';
import { type EventFormErrors, type EventFormState, fieldId } from './event-form-state.ts';

export type SetField = <K extends keyof EventFormState>(key: K, value: EventFormState[K]) => void;
export type FieldsProps = { state: EventFormState; set: SetField; errors: EventFormErrors };

/** The state keys whose value is exactly T (a plain string, not a union of strings). */
type KeyOf<T> = {
  [K in keyof EventFormState]: [T] extends [EventFormState[K]] ? ([EventFormState[K]] extends [T] ? K : never) : never;
}[keyof EventFormState];
type TextChange = React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/** Ties a text control to one state key: the id of its API field (labels, errors), its value and its setter. */
export function bindText({ state, set }: FieldsProps, key: KeyOf<string>, field: string) {
  return { id: fieldId(field), value: state[key], onChange: (e: TextChange) => set(key, e.target.value) };
}

/** Ties a switch to one state key, as bindText does a text control. */
export function bindSwitch({ state, set }: FieldsProps, key: KeyOf<boolean>, field: string) {
  return { id: fieldId(field), checked: state[key], onCheckedChange: (v: boolean) => set(key, v) };
}

export function Section({ title, children, description }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-ink/10 pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-1 w-full">
        <span className="block text-base font-semibold">{title}</span>
        {description ? <span className="block text-sm font-normal text-ink/70">{description}</span> : null}
      </legend>
      {children}
    </fieldset>
  );
}

/** Title, subtitle and the page address. */
export function BasicsFields(props: FieldsProps) {
  const { state, errors } = props;
  const example = `${slugBase(state.title) || 'your-event'}-x7k2q9`;
  return (
    <Section title="Basics">
      <Field label="Title" error={errors.title}>
        <Input {...bindText(props, 'title', 'title')} required aria-required="true" maxLength={200} autoComplete="off" />
      </Field>
      <Field label="Subtitle" error={errors.subtitle}>
        <Input {...bindText(props, 'subtitle', 'subtitle')} maxLength={300} />
      </Field>
      <Field
        label="Page address"
        error={errors.slug}
        hint={
          <>
            Optional: the end of your page's link. Lower-case letters, digits and hyphens; left empty, it is made from the title:{' '}
            <code>/event/{example}</code>
          </>
        }
      >
        <Input
          {...bindText(props, 'slug', 'slug')}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={80}
          placeholder={example}
        />
      </Field>
    </Section>
  );
}

/** Start, optional end and time zone, in the event's own zone; location, capacity and whether the count going is public. */
export function WhenWhereFields(props: FieldsProps) {
  const { state, errors } = props;
  const zones = useMemo(() => timeZoneOptions(state.timezone), [state.timezone]);
  return (
    <Section title="When and where">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Date" error={errors.event_date}>
          <Input {...bindText(props, 'date', 'event_date')} type="date" required aria-required="true" />
        </Field>
        <Field label="Start time">
          <Input {...bindText(props, 'time', 'event_date-time')} type="time" />
        </Field>
        <Field label="End date" hint="Optional" error={errors.end_date}>
          <Input {...bindText(props, 'endDate', 'end_date')} type="date" min={state.date || undefined} />
        </Field>
        <Field label="End time" hint="Optional; without an end, calendars get 4 hours">
          <Input {...bindText(props, 'endTime', 'end_date-time')} type="time" />
        </Field>
      </div>
      <Field label="Time zone" error={errors.timezone} hint="Guests see the date and time in this zone.">
        <Select {...bindText(props, 'timezone', 'timezone')}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Location" error={errors.location}>
        <Input {...bindText(props, 'location', 'location')} maxLength={300} autoComplete="off" />
      </Field>
      <Field label="Maximum attendees" error={errors.max_attendees} hint="Leave empty for unlimited.">
        <Input
          {...bindText(props, 'maxAttendees', 'max_attendees')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="Unlimited"
        />
      </Field>
      <SwitchField
        {...bindSwitch(props, 'showGuestCount', 'show_guest_count')}
        label="Show how many guests are going"
        hint="The public page shows the count, e.g. '12 going'."
      />
      <SwitchField
        {...bindSwitch(props, 'waitlistOn', 'waitlist')}
        label="Waitlist when full"
        hint="Guests can join a waitlist once the event is full; freed seats are offered to them in order. Needs a maximum."
      />
      {props.state.waitlistOn ? (
        <Field
          label="Hours to claim an offer"
          error={errors.waitlist_offer_hours}
          hint="Seats freed for a waiting party are held this long, then offered to the next one."
        >
          <Input
            {...bindText(props, 'waitlistHours', 'waitlist_offer_hours')}
            type="number"
            inputMode="numeric"
            min={1}
            max={168}
            step={1}
          />
        </Field>
      ) : null}
    </Section>
  );
}

/** The words on the public page. */
export function ContentFields(props: FieldsProps) {
  const { errors } = props;
  return (
    <Section title="Page content">
      <Field label="Intro" error={errors.main_body_intro} hint="A sentence or two under the title.">
        <Textarea {...bindText(props, 'intro', 'main_body_intro')} rows={3} maxLength={2000} />
      </Field>
      <Field label="Description" error={errors.main_body_description}>
        <Textarea {...bindText(props, 'description', 'main_body_description')} rows={6} maxLength={10000} />
      </Field>
      <Field label="Call to action" error={errors.call_to_action} hint="Shown just above the RSVP button, e.g. 'Save your spot by May 1'.">
        <Input {...bindText(props, 'callToAction', 'call_to_action')} maxLength={300} />
      </Field>
      <Field label="RSVP button text" error={errors.rsvp_button_text}>
        <Input {...bindText(props, 'rsvpButtonText', 'rsvp_button_text')} placeholder="RSVP" maxLength={40} />
      </Field>
    </Section>
  );
}

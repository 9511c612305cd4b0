import { useMemo } from 'react';
import { slugBase } from '../../../common/slug.ts';
import { Field } from '../../components/ui/field.tsx';
import { Input, Select, Textarea } from '../../components/ui/input.tsx';
import { timeZoneOptions } from '../../lib/datetime.ts';
import { type EventFormErrors, type EventFormState, fieldId } from './event-form-state.ts';

export type SetField = <K extends keyof EventFormState>(key: K, value: EventFormState[K]) => void;
export type FieldsProps = { state: EventFormState; set: SetField; errors: EventFormErrors };

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
export function BasicsFields({ state, set, errors }: FieldsProps) {
  const example = `${slugBase(state.title) || 'your-event'}-x7k2q9`;
  return (
    <Section title="Basics">
      <Field label="Title" error={errors.title}>
        <Input
          id={fieldId('title')}
          value={state.title}
          onChange={(e) => set('title', e.target.value)}
          required
          aria-required="true"
          maxLength={200}
          autoComplete="off"
        />
      </Field>
      <Field label="Subtitle" error={errors.subtitle}>
        <Input id={fieldId('subtitle')} value={state.subtitle} onChange={(e) => set('subtitle', e.target.value)} maxLength={300} />
      </Field>
      <Field
        label="Page address (slug)"
        error={errors.slug}
        hint={
          <>
            Optional. Lower-case letters, digits and hyphens. Left empty, it is made from the title: <code>/event/{example}</code>
          </>
        }
      >
        <Input
          id={fieldId('slug')}
          value={state.slug}
          onChange={(e) => set('slug', e.target.value)}
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

/** Start, optional end and time zone, in the event's own zone; location and capacity. */
export function WhenWhereFields({ state, set, errors }: FieldsProps) {
  const zones = useMemo(() => timeZoneOptions(state.timezone), [state.timezone]);
  return (
    <Section title="When and where">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Date" error={errors.event_date}>
          <Input
            id={fieldId('event_date')}
            type="date"
            value={state.date}
            onChange={(e) => set('date', e.target.value)}
            required
            aria-required="true"
          />
        </Field>
        <Field label="Start time">
          <Input id={`${fieldId('event_date')}-time`} type="time" value={state.time} onChange={(e) => set('time', e.target.value)} />
        </Field>
        <Field label="End date" hint="Optional" error={errors.end_date}>
          <Input
            id={fieldId('end_date')}
            type="date"
            value={state.endDate}
            min={state.date || undefined}
            onChange={(e) => set('endDate', e.target.value)}
          />
        </Field>
        <Field label="End time" hint="Optional; without an end, calendars get 4 hours">
          <Input id={`${fieldId('end_date')}-time`} type="time" value={state.endTime} onChange={(e) => set('endTime', e.target.value)} />
        </Field>
      </div>
      <Field label="Time zone" error={errors.timezone} hint="Guests see the date and time in this zone.">
        <Select id={fieldId('timezone')} value={state.timezone} onChange={(e) => set('timezone', e.target.value)}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Location" error={errors.location}>
        <Input
          id={fieldId('location')}
          value={state.location}
          onChange={(e) => set('location', e.target.value)}
          maxLength={300}
          autoComplete="off"
        />
      </Field>
      <Field label="Maximum attendees" error={errors.max_attendees} hint="Leave empty for unlimited.">
        <Input
          id={fieldId('max_attendees')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={state.maxAttendees}
          onChange={(e) => set('maxAttendees', e.target.value)}
          placeholder="Unlimited"
        />
      </Field>
    </Section>
  );
}

/** The words on the public page. */
export function ContentFields({ state, set, errors }: FieldsProps) {
  return (
    <Section title="Page content">
      <Field label="Intro" error={errors.main_body_intro} hint="A sentence or two under the title.">
        <Textarea
          id={fieldId('main_body_intro')}
          rows={3}
          value={state.intro}
          onChange={(e) => set('intro', e.target.value)}
          maxLength={2000}
        />
      </Field>
      <Field label="Description" error={errors.main_body_description}>
        <Textarea
          id={fieldId('main_body_description')}
          rows={6}
          value={state.description}
          onChange={(e) => set('description', e.target.value)}
          maxLength={10000}
        />
      </Field>
      <Field label="Call to action" error={errors.call_to_action} hint="Shown just above the RSVP button, e.g. 'Save your spot by May 1'.">
        <Input
          id={fieldId('call_to_action')}
          value={state.callToAction}
          onChange={(e) => set('callToAction', e.target.value)}
          maxLength={300}
        />
      </Field>
      <Field label="RSVP button text" error={errors.rsvp_button_text}>
        <Input
          id={fieldId('rsvp_button_text')}
          value={state.rsvpButtonText}
          onChange={(e) => set('rsvpButtonText', e.target.value)}
          placeholder="RSVP"
          maxLength={40}
        />
      </Field>
    </Section>
  );
}

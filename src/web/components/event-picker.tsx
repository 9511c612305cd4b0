import { useId } from 'react';
import { isDemoEvent } from '../../common/sample-event.ts';
import type { TEventAdmin } from '../../common/schemas/events.ts';
import { Select } from './ui/input.tsx';

/** Which event's guests to show. */
export function EventPicker({ events, value, onChange }: { events: TEventAdmin[]; value: string; onChange: (id: string) => void }) {
  const id = useId();
  return (
    <div className="grid w-full min-w-0 gap-1 sm:w-80">
      <label htmlFor={id} className="text-sm font-medium">
        Event
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title}
            {isDemoEvent(e) ? ' (demo)' : ''}
            {e.is_active ? '' : ' (inactive)'}
          </option>
        ))}
      </Select>
    </div>
  );
}

import { Button } from '../../components/ui/button.tsx';
import { FieldError } from '../../components/ui/field.tsx';

/** The foot of a small editor saved on its own (a question, a ticket type): its error, Cancel and Save. */
export function EditorActions({
  id,
  error,
  busy,
  onCancel,
  label,
}: {
  id: string;
  error?: string;
  busy: boolean;
  onCancel(): void;
  label: string;
}) {
  return (
    <>
      <FieldError id={`${id}-form`} error={error} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : label}
        </Button>
      </div>
    </>
  );
}

import { Check, X } from 'lucide-react';
import { PASSWORD_MIN } from '../../../common/constants.ts';
import { weakPasswordReasons } from '../../../common/password-rules.ts';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';

/**
 * What a new password still lacks, updated as it is typed (docs/product.md#account): the same reasons
 * the server refuses with. Announced politely so a screen reader hears the change.
 */
export function PasswordReasons({ id, password, email }: { id: string; password: string; email?: string }) {
  const reasons = password ? weakPasswordReasons(password, email) : [`Use at least ${PASSWORD_MIN} characters.`];
  return (
    <div id={id} aria-live="polite" className="text-xs">
      {reasons.length === 0 ? (
        <p className="flex items-center gap-1 text-success">
          <Check aria-hidden="true" className="size-3.5" /> Strong enough.
        </p>
      ) : (
        <ul className="grid gap-0.5 text-ink/70">
          {reasons.map((r) => (
            <li key={r} className="flex items-center gap-1">
              <X aria-hidden="true" className="size-3.5" /> {r}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The "New password" field with its live reasons: the account's change form and the recovery link's page. */
export function NewPasswordField(o: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  email?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Field label="New password" error={o.error}>
        <Input
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          autoFocus={o.autoFocus}
          value={o.value}
          onChange={(e) => o.onChange(e.target.value)}
        />
      </Field>
      <PasswordReasons id={o.id} password={o.value} email={o.email} />
    </>
  );
}

import { useState } from 'react';
import { notify } from '../../lib/toast.ts';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';

/**
 * A form that makes something on the account (an API key, a webhook endpoint): `create` sends it and refreshes
 * the list; a refusal's field errors go under their fields (`events.0` under `events`), anything else is a toast
 * titled `failed`.
 */
export function useCreateForm<T>(create: () => Promise<T>, onMade: (made: T) => void, failed: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      onMade(await create());
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.')[0]!, v])));
      else notify.error(failed, toUserMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return { errors, busy, submit };
}

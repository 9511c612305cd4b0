import * as React from 'react';
import type { Charges } from '../../../common/pricing.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, FieldError } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { fieldErrorsOf, toUserMessage } from '../../lib/user-message.ts';
import { useCharges, useSetCharges } from './api/promo-codes.ts';

type Draft = { tax_name: string; rate: string; tax_inclusive: boolean; fee: string };

const draftOf = (c: Charges): Draft => ({
  tax_name: c.tax_name ?? '',
  rate: c.tax_rate_bp === null ? '' : String(c.tax_rate_bp / 100),
  tax_inclusive: c.tax_inclusive,
  fee: (c.booking_fee / 100).toFixed(2),
});

/**
 * The event's tax and booking fee (docs/product.md#taxes-and-fees): a tax name and rate (percent, sent in basis
 * points), whether prices include it, and a fee per priced ticket (typed in the currency, sent in cents). The
 * event page shows them before checkout; orders already placed keep what they paid.
 */
export function ChargesForm({ eventId, currency }: { eventId: string; currency: string }) {
  const charges = useCharges(eventId);
  const save = useSetCharges(eventId);
  const [draft, setDraft] = React.useState<Draft | null>(null);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [saved, setSaved] = React.useState('');
  const id = React.useId();
  const headingId = `${id}-heading`;
  React.useEffect(() => {
    if (charges.data && !draft) setDraft(draftOf(charges.data));
  }, [charges.data, draft]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (!draft || save.isPending) return;
    const rate = draft.rate.trim() === '' ? null : Math.round(Number(draft.rate.replace(',', '.')) * 100);
    const fee = Math.round(Number(draft.fee.replace(',', '.') || '0') * 100);
    if (rate !== null && !Number.isFinite(rate)) return setErrors({ tax_rate_bp: 'Enter a rate such as 20 or 7.25.' });
    if (!Number.isFinite(fee)) return setErrors({ booking_fee: 'Enter a fee such as 1.50, or 0.' });
    const name = draft.tax_name.trim();
    try {
      await save.mutateAsync({ tax_name: name || null, tax_rate_bp: rate, tax_inclusive: draft.tax_inclusive, booking_fee: fee });
      setErrors({});
      setSaved('Tax and fee saved.');
    } catch (err) {
      const fields = fieldErrorsOf(err) ?? {};
      setErrors(Object.keys(fields).length ? fields : { form: toUserMessage(err) });
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h3 id={headingId} className="text-base font-semibold">
          Tax and booking fee
        </h3>
        <p className="text-sm text-ink/70">
          Shown on the event page and at checkout, and on each guest’s receipt. Leave the tax empty for none.
        </p>
      </div>
      {charges.isError ? (
        <p className="text-sm text-danger" role="alert">
          Failed to load the tax and fee.{' '}
          <button type="button" className="underline underline-offset-4" onClick={() => charges.refetch()}>
            Retry
          </button>
        </p>
      ) : !draft ? (
        <Skeleton className="h-24" />
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-labelledby={headingId}>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Tax name" error={errors.tax_name}>
              <Input id={`${id}-tax-name`} value={draft.tax_name} placeholder="VAT" onChange={(e) => set('tax_name', e.target.value)} />
            </Field>
            <Field label="Tax rate (%)" error={errors.tax_rate_bp}>
              <Input
                id={`${id}-tax-rate`}
                inputMode="decimal"
                value={draft.rate}
                placeholder="20"
                onChange={(e) => set('rate', e.target.value)}
              />
            </Field>
            <Field label={`Booking fee per ticket (${currency.toUpperCase()})`} error={errors.booking_fee}>
              <Input id={`${id}-fee`} inputMode="decimal" value={draft.fee} onChange={(e) => set('fee', e.target.value)} />
            </Field>
          </div>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-ink"
              checked={draft.tax_inclusive}
              onChange={(e) => set('tax_inclusive', e.target.checked)}
            />
            Ticket prices already include the tax
          </label>
          <FieldError id={`${id}-form`} error={errors.form} />
          <div className="flex items-center justify-end gap-3">
            <p aria-live="polite" className="text-sm text-ink/70">
              {saved}
            </p>
            <Button type="submit" variant="outline" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending ? 'Saving...' : 'Save tax and fee'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * An amount the server keeps in the currency's minor units (cents: docs/product.md#payments) as people read it:
 * 2500 usd → '$25.00'. The currency's own number of decimals comes from Intl; an unknown code gives '25.00 XYZ'.
 */
export function formatMinorUnits(minor: number, currency: string): string {
  const code = (currency || 'usd').toUpperCase();
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${(minor / 100).toFixed(2)} ${code}`;
  }
}

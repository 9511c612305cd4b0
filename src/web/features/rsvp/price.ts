/** '$25.00', '€12.50'; the stored code is lower-case ('usd'). An unknown code gives '25.00 XYZ'. */
export function formatPrice(amount: number, currency: string): string {
  const code = (currency || 'usd').toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

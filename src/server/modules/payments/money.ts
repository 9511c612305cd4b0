/** An amount in minor units of one of our currencies, as guests read it ('$12.50', '€12.50'). */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
}

/** One admit button of a search result: how many it admits and what it says. */
export type AdmitOption = { count: number; label: string };

/**
 * The admit buttons of a search result (docs/product.md#check-in): "Check in" for one guest; for a
 * party "Admit 1" and "Admit all n" (or "Admit the other n" once some are in). Each sends its count,
 * so the server refuses rather than admits more than the staff saw (another door may have been faster).
 * With everyone in, the buttons stay for the party's size, disabled by the caller.
 */
export function admitOptions(g: { guest_count: number; checked_in_count: number }): AdmitOption[] {
  if (g.guest_count <= 1) return [{ count: 1, label: 'Check in' }];
  const left = g.guest_count - g.checked_in_count;
  if (left <= 0)
    return [
      { count: 1, label: 'Admit 1' },
      { count: g.guest_count, label: `Admit all ${g.guest_count}` },
    ];
  if (left === 1) return [{ count: 1, label: 'Admit 1' }];
  return [
    { count: 1, label: 'Admit 1' },
    { count: left, label: g.checked_in_count > 0 ? `Admit the other ${left}` : `Admit all ${left}` },
  ];
}

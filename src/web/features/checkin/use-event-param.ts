import { useSearchParams } from 'react-router';

/** The `event` query of the check-in screens (docs/product.md#check-in), or null. */
export function useEventParam(): string | null {
  const [params] = useSearchParams();
  return params.get('event')?.trim() || null;
}

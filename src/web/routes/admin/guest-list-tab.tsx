import { GuestList } from '../../features/guests/guest-list.tsx';

/** Guest List tab (docs/product.md#guest-list): the list itself lives in features/guests. */
export function GuestListTab() {
  return <GuestList />;
}

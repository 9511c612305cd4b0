import { useSyncExternalStore } from 'react';
import { doorFor } from './door-store.ts';

/** An event's offline door on this device and its state (re-renders on every change). */
export function useOfflineDoor(eventId: string) {
  const door = doorFor(eventId);
  const state = useSyncExternalStore(door.subscribe, door.getState);
  return { door, state };
}

/**
 * The tabs of one browser share the session (docs/product.md#sessions): what one of them does to it is
 * told to the others on this channel; lib/session-sync.ts listens.
 */
export type SessionMessage = { type: 'signed-in' } | { type: 'signed-out' };

let channel: BroadcastChannel | null = null;

export function sessionChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== 'undefined') channel = new BroadcastChannel('turnout:session');
  return channel;
}

/** Tells the other tabs this browser signed in or out. */
export function announceSession(type: SessionMessage['type']) {
  sessionChannel()?.postMessage({ type } satisfies SessionMessage);
}

/**
 * The readable marker a browser keeps for each event it answered (no secret in it: the manage secret
 * sits in an HttpOnly cookie beside it). The event page reads it to decide whether to ask the server
 * for this browser's answer, so visitors who never answered make no extra request.
 */
export const guestSeenCookie = (eventId: string) => `tseen_${eventId.replace(/-/g, '')}`;

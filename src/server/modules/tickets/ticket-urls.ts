/** The public URLs of one ticket; `base` is PUBLIC_BASE_URL (no trailing slash). */
export const verificationUrl = (base: string, token: string) => `${base}/ticket-verification/${token}`;
export const ticketPageUrl = (base: string, rsvpId: string) => `${base}/ticket/${rsvpId}`;
/** Relative, with the qr_version as a cache-buster: a regenerated QR gets a new URL. */
export const qrImagePath = (rsvpId: string, version: number, format: 'png' | 'svg' = 'png') => `/qr/${rsvpId}.${format}?v=${version}`;

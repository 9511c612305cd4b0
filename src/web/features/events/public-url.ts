/** SPEC §2: the public event URL uses the slug if present, else the id. */
export function publicEventPath(e: { id: string; slug?: string | null }): string {
  return `/event/${encodeURIComponent(e.slug || e.id)}`;
}

export function publicEventUrl(e: { id: string; slug?: string | null }, origin: string = window.location.origin): string {
  return `${origin}${publicEventPath(e)}`;
}

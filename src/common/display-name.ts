/**
 * What an account is called where others see it ("Hosted by …", the door's "by …", the dashboard's
 * greeting; docs/product.md#account): its display name, else — an account made before names were asked
 * for, or by the CLI without one — the part of its e-mail before the @. The server's SQL twin is
 * src/server/domain/display-name.ts.
 */
export function displayName(account: { name?: string | null; email?: string | null }): string | null {
  return account.name?.trim() || account.email?.split('@')[0]?.trim() || null;
}

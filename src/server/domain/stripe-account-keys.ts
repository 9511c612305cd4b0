/**
 * Associated data of a host's sealed Stripe secrets (docs/decisions/0027-stripe-account-per-host.md): a
 * ciphertext only opens for its own column of its own account row, like the events' keys (event-values.ts).
 */
export const accountSecretKeyContext = (accountId: string) => `stripe_accounts.secret_key:${accountId}`;
export const accountWebhookSecretContext = (accountId: string) => `stripe_accounts.webhook_secret:${accountId}`;

import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { openSecret } from '../../src/server/crypto/secret-box.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { stripe_accounts } from '../../src/server/db/schema/stripe-accounts.ts';
import { instance_settings } from '../../src/server/db/schema/settings.ts';
import { accountSecretKeyContext, accountWebhookSecretContext } from '../../src/server/domain/stripe-account-keys.ts';
import { createEvent, paidEventInput } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp, TEST_ORIGIN } from '../support/app.ts';
import { startFakeStripe } from '../support/fake-stripe.ts';
import { paidEventKit } from '../support/paid-events.ts';

// A host's own Stripe account (docs/decisions/0027-stripe-account-per-host.md), through the real `stripe`
// SDK pointed at the local fake: saved once, tested with a real read, chosen by events, one webhook endpoint.
const fake = await startFakeStripe();
const t = await createTestApp({ RATE_LIMIT: 'false', PAYMENTS_PROVIDER: 'stripe', STRIPE_API_URL: fake.url });
afterAll(() => fake.close());
const kit = paidEventKit(t, fake);

const PK = 'pk_test_51HaccountPublishable0000';
const SK = 'sk_test_51HaccountSecret0000000wxyz';
const WHSEC = 'whsec_accountAccountAccount000000';
const sdk = new Stripe(SK);

type Host = Awaited<ReturnType<typeof signedInUser>>;
const save = (host: Host, json: Record<string, unknown>) => t.request('/api/stripe-account', { method: 'PUT', json, cookie: host.cookie });
const testKeys = (host: Host, json: Record<string, unknown> = {}) =>
  t.request('/api/stripe-account/test', { method: 'POST', json, cookie: host.cookie });
const accountOf = async (host: Host) => (await (await t.request('/api/stripe-account', { cookie: host.cookie })).json()).account;

/** A host with their account saved (keys of their own, so hosts never share a Stripe account by accident). */
async function hostWithAccount(o: { sk?: string; whsec?: string | null } = {}) {
  const host = await signedInUser(t);
  const res = await save(host, { publishable_key: PK, secret_key: o.sk ?? SK, webhook_secret: o.whsec === undefined ? WHSEC : o.whsec });
  expect(res.status).toBe(200);
  return { host, account: (await res.json()).account };
}

function accountWebhook(accountId: string, payload: string, secret = WHSEC) {
  return t.app.request(`${TEST_ORIGIN}/api/payments/webhook/account/${accountId}`, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }) },
  });
}

describe('saving the account', () => {
  it('starts empty; a first save needs both keys of one mode; bad keys are named on their field', async () => {
    const host = await signedInUser(t);
    expect(await accountOf(host)).toBeNull();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ publishable_key: PK }, 'secret_key', /Enter the secret key/],
      [{ publishable_key: 'pk_nope', secret_key: SK }, 'publishable_key', /starts with pk_test_ or pk_live_/],
      [{ publishable_key: PK, secret_key: 'rk_test_123' }, 'secret_key', /starts with sk_test_ or sk_live_/],
      [{ publishable_key: 'pk_live_51Hlive', secret_key: SK }, 'secret_key', /different modes/],
      [{ publishable_key: PK, secret_key: SK, webhook_secret: 'wh_123' }, 'webhook_secret', /starts with whsec_/],
    ];
    for (const [json, field, message] of cases) {
      const res = await save(host, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).error.fields[field]).toMatch(message);
    }
    expect(await accountOf(host)).toBeNull();
  });

  it('keeps secrets write-only: hints in every answer, sealed at rest to this row', async () => {
    const { host, account } = await hostWithAccount();
    expect(account).toMatchObject({
      publishable_key: PK,
      secret_key_masked: 'sk_test_…wxyz',
      webhook_secret_masked: '…0000',
      mode: 'test',
      webhook_path: `/api/payments/webhook/account/${account.id}`,
      checked: null,
      events_using: 0,
    });
    const body = JSON.stringify(await accountOf(host));
    expect(body).not.toContain(SK);
    expect(body).not.toContain(WHSEC);
    const [row] = await t.db.select().from(stripe_accounts).where(eq(stripe_accounts.id, account.id));
    expect(row!.secret_key_enc).not.toContain(SK);
    expect(openSecret(t.env.ENCRYPTION_KEY, row!.secret_key_enc, accountSecretKeyContext(account.id))).toBe(SK);
    expect(openSecret(t.env.ENCRYPTION_KEY, row!.webhook_secret_enc!, accountWebhookSecretContext(account.id))).toBe(WHSEC);
    // Sealed to its own column: the secret key's ciphertext does not open as the webhook secret.
    expect(() => openSecret(t.env.ENCRYPTION_KEY, row!.secret_key_enc, accountWebhookSecretContext(account.id))).toThrow();

    // The masked hints sent back keep the secrets; a new publishable key of the same mode is taken.
    const again = await save(host, { publishable_key: 'pk_test_51Hother', secret_key: 'sk_test_…wxyz', webhook_secret: '…0000' });
    expect(again.status).toBe(200);
    const [after] = await t.db.select().from(stripe_accounts).where(eq(stripe_accounts.id, account.id));
    expect(openSecret(t.env.ENCRYPTION_KEY, after!.secret_key_enc, accountSecretKeyContext(account.id))).toBe(SK);
    expect(after!.publishable_key).toBe('pk_test_51Hother');
    // …but a live publishable key beside the stored test secret key is refused.
    const live = await save(host, { publishable_key: 'pk_live_51Hother' });
    expect(live.status).toBe(400);
    expect((await live.json()).error.fields.publishable_key).toMatch(/different modes/);
    // null removes the webhook secret.
    expect((await (await save(host, { publishable_key: PK, webhook_secret: null })).json()).account.webhook_secret_masked).toBeNull();
  });
});

describe('Test the keys: a real read call to Stripe', () => {
  it('works: names the Stripe account and remembers it for the saved keys', async () => {
    const sk = 'sk_test_51HworksWorks0000000001';
    fake.setAccount(sk, { id: 'acct_1Works', name: 'Harbour Events Ltd' });
    const { host } = await hostWithAccount({ sk });
    const res = await testKeys(host);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      verdict: 'works',
      message: 'Stripe answered for Harbour Events Ltd (acct_1Works), in test mode.',
      mode: 'test',
      account: { id: 'acct_1Works', name: 'Harbour Events Ltd', charges_enabled: true },
    });
    expect(fake.calls.at(-1)).toEqual({ method: 'GET', path: '/v1/account' });
    expect((await accountOf(host)).checked).toMatchObject({ account_ref: 'acct_1Works', name: 'Harbour Events Ltd' });
  });

  it('says what is wrong: a refused key, a restricted key, Stripe failing, a publishable key of the other mode', async () => {
    const host = await signedInUser(t);
    const revoked = 'sk_test_51Hrevoked000000000001';
    fake.revokeKey(revoked);
    const wrong = await (await testKeys(host, { publishable_key: PK, secret_key: revoked })).json();
    expect(wrong).toMatchObject({ verdict: 'wrong_key', account: null });
    expect(wrong.message).toMatch(/Stripe refused the secret key/);

    const restricted = 'sk_test_51Hrestricted0000000001';
    fake.restrictKey(restricted);
    expect(await (await testKeys(host, { secret_key: restricted })).json()).toMatchObject({ verdict: 'no_permission' });

    fake.failAccountReads(true);
    try {
      const down = await (await testKeys(host, { secret_key: SK })).json();
      expect(down).toMatchObject({ verdict: 'unreachable' });
      expect(down.message).toMatch(/could not be reached/);
    } finally {
      fake.failAccountReads(false);
    }

    const mismatch = await (await testKeys(host, { publishable_key: 'pk_live_51Hlive', secret_key: SK })).json();
    expect(mismatch).toMatchObject({ verdict: 'mode_mismatch', mode: 'test' });
    expect(mismatch.message).toMatch(/different modes/);
    // Typed keys are tested, never saved.
    expect(await accountOf(host)).toBeNull();
  });

  it('needs a secret key, typed or saved', async () => {
    const res = await testKeys(await signedInUser(t));
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.secret_key).toMatch(/save one first/);
  });
});

describe('events paid into the account', () => {
  it('a paid event chooses it instead of keys: the checkout is made with the account key; its webhook endpoint fulfils', async () => {
    const { host, account } = await hostWithAccount();
    const e = await createEvent(t, host, { is_paid_event: true, ticket_price: 20, currency: 'eur', use_host_stripe_account: true });
    expect(e).toMatchObject({ stripe_account_id: account.id, stripe_publishable_key: null, stripe_secret_key_masked: null });
    expect((await accountOf(host)).events_using).toBe(1);

    const { status, body } = await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }));
    expect(status).toBe(201);
    const sessionId = kit.sessionIdOf(body.checkout_url);
    expect(fake.sessions.get(sessionId)).toMatchObject({ secret_key: SK, amount_total: 4000, currency: 'eur' });

    fake.pay(sessionId);
    const payload = kit.webhookBody('checkout.session.completed', sessionId);
    // Signed with another secret: refused; the event's own endpoint has no secret of its own.
    expect((await accountWebhook(account.id, payload, 'whsec_someoneElse000000000000')).status).toBe(400);
    expect((await kit.sendWebhook(e.id, payload)).status).toBe(400);
    expect((await kit.rsvpRow(body.rsvp.id)).payment_status).toBe('pending');

    const res = await accountWebhook(account.id, payload);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect((await kit.rsvpRow(body.rsvp.id)).payment_status).toBe('paid');
  });

  it("a signed webhook only makes the app re-read the session with its own event's key; unknown accounts are 404", async () => {
    const { account: mine } = await hostWithAccount();
    const { host: other } = await hostWithAccount({ sk: 'sk_test_51HotherOther000000000002' });
    const theirs = await createEvent(t, other, { is_paid_event: true, ticket_price: 5, use_host_stripe_account: true });
    const { body } = await postRsvp(t, theirs.id, rsvpInput());
    const sessionId = kit.sessionIdOf(body.checkout_url);
    // A "completed" event correctly signed for my account, about another host's unpaid session: nothing is paid.
    const forged = JSON.stringify({
      ...JSON.parse(kit.webhookBody('checkout.session.completed', sessionId)),
      data: { object: { ...fake.webhookObject(sessionId), payment_status: 'paid', status: 'complete' } },
    });
    expect((await accountWebhook(mine.id, forged)).status).toBe(200);
    expect((await kit.rsvpRow(body.rsvp.id)).payment_status).toBe('pending');
    expect(fake.calls.at(-1)).toEqual({ method: 'GET', path: `/v1/checkout/sessions/${sessionId}` });

    const unknown = await accountWebhook('00000000-0000-4000-8000-000000000000', '{}');
    expect(unknown.status).toBe(404);
    expect((await accountWebhook('not-a-uuid', '{}')).status).toBe(404);
  });

  it('without a saved account, "Use my Stripe account" is refused on its field', async () => {
    const host = await signedInUser(t);
    const res = await t.request('/api/events', {
      method: 'POST',
      json: {
        title: 'No account',
        event_date: new Date(Date.now() + 86400_000).toISOString(),
        is_paid_event: true,
        ticket_price: 5,
        use_host_stripe_account: true,
      },
      cookie: host.cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.use_host_stripe_account).toMatch(/Save your Stripe account/);
  });

  it('an account in use cannot be removed; once no event uses it, it can', async () => {
    const { host } = await hostWithAccount();
    const e = await createEvent(t, host, { is_paid_event: true, ticket_price: 5, use_host_stripe_account: true });
    const refused = await t.request('/api/stripe-account', { method: 'DELETE', cookie: host.cookie });
    expect(refused.status).toBe(409);
    expect(await accountOf(host)).not.toBeNull();
    // Back to keys of its own, then the account goes.
    const back = await t.request(`/api/events/${e.id}`, {
      method: 'PATCH',
      json: { use_host_stripe_account: false, stripe_publishable_key: PK, stripe_secret_key: 'sk_test_51HownOwnOwn0000000001' },
      cookie: host.cookie,
    });
    expect(back.status).toBe(200);
    expect((await back.json()).event).toMatchObject({ stripe_account_id: null, stripe_secret_key_masked: 'sk_test_…0001' });
    expect((await t.request('/api/stripe-account', { method: 'DELETE', cookie: host.cookie })).status).toBe(204);
    expect((await t.request('/api/stripe-account', { method: 'DELETE', cookie: host.cookie })).status).toBe(404);
  });
});

describe('the sandbox provider (PAYMENTS_PROVIDER=sandbox, outside production)', () => {
  it('an event paid into an account checks out on the sandbox page, with no call to Stripe', async () => {
    const sandbox = createApp(
      { ...t.deps, env: { ...t.env, PAYMENTS_PROVIDER: 'sandbox' } },
      { clientDir: path.join(os.tmpdir(), 'turnout-no-client') },
    ).app;
    const { host } = await hostWithAccount();
    const e = await createEvent(t, host, { is_paid_event: true, ticket_price: 8, use_host_stripe_account: true });
    const calls = fake.calls.length;
    const res = await sandbox.request(`${TEST_ORIGIN}/api/public/events/${e.id}/rsvps`, {
      method: 'POST',
      body: JSON.stringify(rsvpInput()),
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).checkout_url).toMatch(/\/sandbox-checkout\/cs_sandbox_\w+$/);
    expect(fake.calls.length).toBe(calls);
  });
});

describe('migrating an event with its own keys', () => {
  /** An event with per-event keys (as before accounts), owned by `host`. */
  async function ownKeysEvent(host: Host, secretKey: string) {
    return createEvent(t, host, paidEventInput({ stripe_secret_key: secretKey, stripe_webhook_secret: 'whsec_ownOwnOwnOwn0000000000' }));
  }
  const switchToAccount = (host: Host, eventId: string) =>
    t.request(`/api/events/${eventId}`, { method: 'PATCH', json: { use_host_stripe_account: true }, cookie: host.cookie });

  it('per-event keys keep working; switching drops them and the account takes over', async () => {
    const { host, account } = await hostWithAccount();
    const e = await ownKeysEvent(host, 'sk_test_51HeventOwn000000000009');
    const first = await postRsvp(t, e.id, rsvpInput());
    expect(fake.sessions.get(kit.sessionIdOf(first.body.checkout_url))!.secret_key).toBe('sk_test_51HeventOwn000000000009');
    // An open checkout through other keys pins them: the switch is refused until it is settled.
    const refused = await switchToAccount(host, e.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.fields.use_host_stripe_account).toMatch(/open payments/);
    fake.expire(kit.sessionIdOf(first.body.checkout_url));
    await kit.verify(kit.sessionIdOf(first.body.checkout_url));

    const res = await switchToAccount(host, e.id);
    expect(res.status).toBe(200);
    expect((await res.json()).event).toMatchObject({
      stripe_account_id: account.id,
      stripe_publishable_key: null,
      stripe_secret_key_masked: null,
      stripe_webhook_secret_masked: null,
    });
    const [row] = await t.db.select().from(events).where(eq(events.id, e.id));
    expect(row).toMatchObject({ stripe_secret_key_enc: null, stripe_webhook_secret_enc: null });
    const next = await postRsvp(t, e.id, rsvpInput());
    expect(fake.sessions.get(kit.sessionIdOf(next.body.checkout_url))!.secret_key).toBe(SK);
  });

  it('an event whose own key is the account key switches even with open payments', async () => {
    const { host, account } = await hostWithAccount();
    const e = await ownKeysEvent(host, SK);
    const open = await postRsvp(t, e.id, rsvpInput());
    expect(open.status).toBe(201);
    const res = await switchToAccount(host, e.id);
    expect(res.status).toBe(200);
    // The open checkout is still fulfilled, now read through the account's (same) key.
    const sessionId = kit.sessionIdOf(open.body.checkout_url);
    fake.pay(sessionId);
    expect((await accountWebhook(account.id, kit.webhookBody('checkout.session.completed', sessionId))).status).toBe(200);
    expect((await kit.rsvpRow(open.body.rsvp.id)).payment_status).toBe('paid');
  });
});

describe('changing the keys of an account with open payments', () => {
  it('a key of another Stripe account is refused; a rolled key of the same account is taken', async () => {
    const sk = 'sk_test_51HpinnedPinned00000001';
    fake.setAccount(sk, { id: 'acct_1Pinned' });
    const { host } = await hostWithAccount({ sk });
    const e = await createEvent(t, host, { is_paid_event: true, ticket_price: 5, use_host_stripe_account: true });
    expect((await postRsvp(t, e.id, rsvpInput())).status).toBe(201);

    const other = 'sk_test_51HelsewhereElse000001';
    const refused = await save(host, { publishable_key: PK, secret_key: other });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.fields.secret_key).toMatch(/another Stripe account/);

    const rolled = 'sk_test_51HpinnedRolled00000002';
    fake.setAccount(rolled, { id: 'acct_1Pinned' });
    const taken = await save(host, { publishable_key: PK, secret_key: rolled });
    expect(taken.status).toBe(200);
    expect((await taken.json()).account.secret_key_masked).toBe('sk_test_…0002');
  });
});

describe("the owner's two-factor rule for paid events (ADR 0020)", () => {
  it('binds the Stripe keys too: saving, testing and removing need two-factor sign-in while it is on', async () => {
    const host = await signedInUser(t);
    await t.db
      .insert(instance_settings)
      .values({ id: 1, require_two_factor_for_paid: true })
      .onConflictDoUpdate({
        target: instance_settings.id,
        set: { require_two_factor_for_paid: true },
      });
    try {
      for (const res of [
        await save(host, { publishable_key: PK, secret_key: SK }),
        await testKeys(host, { secret_key: SK }),
        await t.request('/api/stripe-account', { method: 'DELETE', cookie: host.cookie }),
      ]) {
        expect(res.status).toBe(403);
        expect((await res.json()).error.code).toBe('two_factor_required');
      }
      // Reading what is saved stays open (the page explains the rule).
      expect((await t.request('/api/stripe-account', { cookie: host.cookie })).status).toBe(200);
    } finally {
      await t.db.update(instance_settings).set({ require_two_factor_for_paid: false });
    }
  });
});

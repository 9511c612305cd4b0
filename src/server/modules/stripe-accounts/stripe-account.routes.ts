import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ZStripeAccountAnswer, ZStripeAccountInput, ZStripeKeyTest, ZStripeKeyTestInput } from '../../../common/schemas/stripe-account.ts';
import { currentUser, requireUser } from '../../auth/middleware.ts';
import type { AppEnv } from '../../http/context.ts';
import { errors, json, jsonBody, signedIn } from '../../http/openapi.ts';
import { enforce, type LimitRule } from '../../http/rate-limit.ts';
import { createRouter } from '../../http/validation.ts';
import { twoFactorRequired, twoFactorRuleBinds } from '../events/two-factor-rule.ts';
import { providerKind } from '../payments/event-provider.ts';
import { removeStripeAccount } from './remove-stripe-account.ts';
import { saveStripeAccount } from './save-stripe-account.ts';
import { getStripeAccount } from './stripe-account.ts';
import { testStripeKeys } from './test-stripe-keys.ts';

/** Each test is a call to Stripe made for this user: a few a minute is plenty for pasting keys. */
export const STRIPE_KEY_TEST_LIMIT = { name: 'stripe-key-test', points: 10, windowSec: 10 * 60 } as const satisfies LimitRule;

const tags = ['Stripe account'];
const PATH = '/api/stripe-account';

const getRoute = createRoute({
  method: 'get',
  path: PATH,
  summary: "The signed-in user's Stripe account (hints only, never a secret), or null",
  tags,
  security: signedIn,
  responses: { 200: json('The account, or null when none is saved', ZStripeAccountAnswer), ...errors(401) },
});
const putRoute = createRoute({
  method: 'put',
  path: PATH,
  summary: "Save the signed-in user's Stripe keys and webhook signing secret (secrets are write-only)",
  tags,
  security: signedIn,
  request: jsonBody(ZStripeAccountInput),
  responses: { 200: json('Saved', ZStripeAccountAnswer), ...errors(400, 401, 403, 409, 413, 415, 502) },
});
const deleteRoute = createRoute({
  method: 'delete',
  path: PATH,
  summary: "Remove the signed-in user's Stripe account (refused while an event is paid into it)",
  tags,
  security: signedIn,
  responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404, 409) },
});
const testRoute = createRoute({
  method: 'post',
  path: `${PATH}/test`,
  summary: 'Test the keys: a real read call to Stripe with the typed (or else the saved) secret key, and a verdict',
  tags,
  security: signedIn,
  request: jsonBody(ZStripeKeyTestInput),
  responses: {
    200: json('The verdict (works, wrong key, mode mismatch, no permission, unreachable)', ZStripeKeyTest),
    ...errors(400, 401, 403, 413, 415, 429),
  },
});

/** Payment keys are under the owner's two-factor rule for paid events (ADR 0020): changing or testing them needs it when it binds. */
async function twoFactorRule(c: Context<AppEnv>) {
  const actor = currentUser(c);
  if (await twoFactorRuleBinds(c.var.deps.db, actor)) throw twoFactorRequired();
  return actor;
}

/** A host's own Stripe account, set once on the Account page (docs/product.md#stripe-account, ADR 0027). */
export function stripeAccountRoutes() {
  const r = createRouter();
  r.use(PATH, requireUser);
  r.use(`${PATH}/*`, requireUser);
  r.openapi(getRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ account: await getStripeAccount(c.var.deps.db, currentUser(c).id) }, 200);
  });
  r.openapi(putRoute, async (c) => {
    const actor = await twoFactorRule(c);
    const { db, env } = c.var.deps;
    const account = await saveStripeAccount({
      db,
      log: c.var.log,
      encryptionKey: env.ENCRYPTION_KEY,
      liveStripe: providerKind(env) === 'stripe',
      apiUrl: env.STRIPE_API_URL,
      userId: actor.id,
      input: c.req.valid('json'),
    });
    return c.json({ account }, 200);
  });
  r.openapi(deleteRoute, async (c) => {
    const actor = await twoFactorRule(c);
    await removeStripeAccount({ db: c.var.deps.db, log: c.var.log, userId: actor.id });
    return c.body(null, 204);
  });
  r.openapi(testRoute, async (c) => {
    const actor = await twoFactorRule(c);
    await enforce(c, STRIPE_KEY_TEST_LIMIT, actor.id);
    const { db, env } = c.var.deps;
    const input = c.req.valid('json');
    const verdict = await testStripeKeys({
      db,
      log: c.var.log,
      encryptionKey: env.ENCRYPTION_KEY,
      apiUrl: env.STRIPE_API_URL,
      userId: actor.id,
      publishableKey: input.publishable_key,
      secretKey: input.secret_key,
    });
    return c.json(verdict, 200);
  });
  return r;
}

import type { Context } from 'hono';
import { html } from 'hono/html';
import { AppError } from '../../errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { createRouter } from '../../http/validation.ts';
import { providerKind } from './event-provider.ts';
import { fulfilDeps } from './payments.routes.ts';
import { endCheckout } from './end-checkout.ts';
import { fulfilCheckout } from './fulfil-checkout.ts';
import { formatMoney } from './money.ts';
import { paySandboxSession, readSandboxSession, SANDBOX_CHECKOUT_PATH } from './sandbox-provider.ts';

const notFound = () => new AppError('not_found', 'This checkout could not be found.');

/** Only with PAYMENTS_PROVIDER=sandbox, and a form of this site (a cross-site post is refused). */
function guard(c: Context<AppEnv>) {
  if (providerKind(c.var.deps.env) !== 'sandbox') throw notFound();
  const origin = c.req.header('origin');
  if (c.req.method === 'POST' && origin !== undefined && origin !== new URL(c.var.deps.env.PUBLIC_BASE_URL).origin) {
    throw new AppError('forbidden', 'Cross-site request refused: send it from this site’s own pages.');
  }
}

const page = (o: {
  title: string;
  amount: string;
  quantity: number;
  /** An order of ticket types: its lines ("VIP × 2 · $100.00"). */
  lines: string[];
  email: string | null;
  id: string;
  open: boolean;
}) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Sandbox checkout · ${o.title}</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
      main { max-width: 28rem; margin: 1rem; padding: 1.5rem; background: #fff; border-radius: 0.75rem; }
      @media (min-width: 32rem) { main { margin: 2rem auto; } }
      .note { background: #fef3c7; color: #78350f; padding: 0.5rem 0.75rem; border-radius: 0.5rem; font-size: 0.875rem; }
      dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
      dt { color: #52525b; }
      .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; flex-wrap: wrap; }
      button { font: inherit; padding: 0.75rem 1.25rem; border-radius: 0.5rem; border: 1px solid #18181b; cursor: pointer; min-width: 8rem; }
      button.pay { background: #18181b; color: #fff; }
      button.cancel { background: #fff; color: #18181b; }
      button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <p class="note" role="note">Sandbox checkout: no card is charged. This server runs with PAYMENTS_PROVIDER=sandbox.</p>
      <h1>${o.title}</h1>
      <dl>
        <dt>Tickets</dt><dd>${o.quantity}</dd>
        ${o.lines.map((l) => html`<dt></dt><dd>${l}</dd>`)}
        <dt>Total</dt><dd>${o.amount}</dd>
        ${o.email ? html`<dt>E-mail</dt><dd>${o.email}</dd>` : ''}
      </dl>
      ${
        o.open
          ? html`<div class="actions">
              <form method="post" action="${SANDBOX_CHECKOUT_PATH}/${o.id}/pay"><button class="pay" type="submit">Pay</button></form>
              <form method="post" action="${SANDBOX_CHECKOUT_PATH}/${o.id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
            </div>`
          : html`<p role="status">This checkout is no longer open.</p>`
      }
    </main>
  </body>
</html>`;

/**
 * The sandbox provider's checkout page (docs/decisions/0015-payments.md): 'Pay' completes the session
 * and runs the same fulfilment as Stripe's success page; 'Cancel' ends the checkout (its seats are free at
 * once) and goes to the cancel URL, as Stripe's back link does.
 */
export function sandboxRoutes() {
  const r = createRouter();
  r.get(`${SANDBOX_CHECKOUT_PATH}/:sessionId`, async (c) => {
    guard(c);
    const s = await readSandboxSession(c.var.deps.db, c.req.param('sessionId'));
    if (!s) throw notFound();
    const open = s.status === 'open' && s.expires_at.getTime() > Date.now();
    c.header('Cache-Control', 'no-store');
    return c.html(
      page({
        title: s.title,
        // As Stripe's page: the lines, the promo code's discount ("SPRING20 · −€12.00") and what is charged.
        amount: formatMoney(
          (s.line_items ? s.line_items.reduce((t, l) => t + l.unit_amount * l.quantity, 0) : s.unit_amount * s.quantity) -
            (s.discount?.amount ?? 0),
          s.currency,
        ),
        quantity: s.quantity,
        lines: [
          ...(s.line_items ?? []).map((l) => `${l.name} × ${l.quantity} · ${formatMoney(l.unit_amount * l.quantity, s.currency)}`),
          ...(s.discount ? [`${s.discount.name} · −${formatMoney(s.discount.amount, s.currency)}`] : []),
        ],
        email: s.customer_email,
        id: s.id,
        open,
      }),
    );
  });
  r.post(`${SANDBOX_CHECKOUT_PATH}/:sessionId/pay`, async (c) => {
    guard(c);
    const s = await readSandboxSession(c.var.deps.db, c.req.param('sessionId'));
    if (!s) throw notFound();
    await paySandboxSession(c.var.deps.db, s.id);
    await fulfilCheckout(fulfilDeps(c), s.id);
    return c.redirect(s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id), 303);
  });
  r.post(`${SANDBOX_CHECKOUT_PATH}/:sessionId/cancel`, async (c) => {
    guard(c);
    const s = await readSandboxSession(c.var.deps.db, c.req.param('sessionId'));
    if (!s) throw notFound();
    // Ends the checkout now, the same release path as Stripe's checkout.session.expired: the seats are free at
    // once (its seat transaction tells this process's seat figures).
    await endCheckout(fulfilDeps(c), s.id);
    return c.redirect(s.cancel_url, 303);
  });
  return r;
}

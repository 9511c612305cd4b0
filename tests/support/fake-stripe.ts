import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Checkout Session as the fake keeps it (Stripe's fields that the app reads or tests check). */
export type FakeSession = {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  currency: string;
  amount_total: number;
  unit_amount: number;
  quantity: number;
  product_name: string;
  /** Every line item as sent (an order of ticket types has one per type). */
  line_items: { name: string; unit_amount: number; quantity: number; description: string | null }[];
  /** The coupons applied (`discounts[i][coupon]`), and Stripe's sum of what they took off (total_details). */
  discounts: { coupon: string }[];
  total_details: { amount_discount: number };
  expires_at: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** The secret key it was created with, and the create's Idempotency-Key. */
  secret_key: string;
  idempotency_key: string | null;
};

/** A coupon as Stripe keeps one (the fields our one-off promo code coupons use). */
export type FakeCoupon = {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: string;
  max_redemptions: number | null;
  name: string | null;
  times_redeemed: number;
  valid: boolean;
};

export type FakeRefund = { id: string; payment_intent: string; amount: number; idempotency_key: string | null };

const hex = (n: number) => randomBytes(n).toString('hex');

/**
 * A local stand-in for the Stripe API at the network boundary, for the real `stripe` SDK pointed at it
 * (STRIPE_API_URL): checkout.sessions.create / retrieve / expire (with `discounts` of coupons), coupons.create,
 * refunds.create and accounts.retrieveCurrent, with Bearer auth
 * (sk_test_… / sk_live_…), form-encoded bodies and Idempotency-Key replays as Stripe answers them.
 */
export async function startFakeStripe(opts: { port?: number } = {}) {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  const coupons = new Map<string, FakeCoupon & { secret_key: string }>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const inFlight = new Set<string>();
  const calls: { method: string; path: string }[] = [];
  let failCreates = 0;
  let failExpires = false;
  let beforeCreate: ((metadata: Record<string, string>) => Promise<void>) | undefined;
  let noUrl = false;
  let refundDelay: (() => Promise<void>) | undefined;
  /** GET /v1/account: the account each secret key belongs to (default: one account per key), revoked and restricted keys, an outage. */
  const accounts = new Map<string, { id: string; name: string | null; charges_enabled: boolean }>();
  const revoked = new Set<string>();
  const restricted = new Set<string>();
  let failAccountReads = false;
  const accountOf = (key: string) =>
    accounts.get(key) ?? { id: `acct_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`, name: null, charges_enabled: true };

  const readForm = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };
  const publicSession = (s: FakeSession) => {
    const { secret_key: _k, idempotency_key: _i, unit_amount: _u, quantity: _q, product_name: _p, line_items: _l, ...rest } = s;
    return rest;
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let holding: string | null = null; // this request's idempotency key while it runs
    const send = (status: number, body: unknown) => {
      if (holding) inFlight.delete(holding);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${hex(6)}` });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, type = 'invalid_request_error') => send(status, { error: { type, message } });
    const auth = req.headers.authorization ?? '';
    const key = /^Bearer (sk_(test|live)_\w+)$/.exec(auth)?.[1];
    if (!key || revoked.has(key)) return error(401, 'Invalid API Key provided', 'invalid_request_error');
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push({ method: req.method ?? '', path: url.pathname });
    const idem = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const replayKey = idem && req.method === 'POST' ? `${key}:${url.pathname}:${idem}` : null;
    if (replayKey && replays.has(replayKey)) {
      const r = replays.get(replayKey)!;
      return send(r.status, r.body);
    }
    // As Stripe does: a second request with a key whose first is still under way is refused, not run.
    if (replayKey && inFlight.has(replayKey)) {
      return error(409, 'There is currently another in-progress request using this Stripe-Idempotency-Key.', 'idempotency_error');
    }
    if (replayKey) {
      inFlight.add(replayKey);
      holding = replayKey;
    }
    const answer = (status: number, body: unknown) => {
      if (replayKey && status < 500) replays.set(replayKey, { status, body });
      send(status, body);
    };

    if (req.method === 'GET' && url.pathname === '/v1/account') {
      if (failAccountReads) return error(500, 'The fake was told to fail account reads.', 'api_error');
      if (restricted.has(key)) {
        return error(403, 'The provided key does not have the required permissions for this endpoint.', 'invalid_request_error');
      }
      const a = accountOf(key);
      return send(200, {
        id: a.id,
        object: 'account',
        charges_enabled: a.charges_enabled,
        business_profile: { name: a.name },
        settings: { dashboard: { display_name: a.name } },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/coupons') {
      const f = await readForm(req);
      const amountOff = f.has('amount_off') ? Number(f.get('amount_off')) : null;
      const percentOff = f.has('percent_off') ? Number(f.get('percent_off')) : null;
      // Stripe's own checks: exactly one of amount_off / percent_off; amount_off needs a currency and is ≥ 1.
      if ((amountOff === null) === (percentOff === null)) return error(400, 'You must pass exactly one of amount_off or percent_off.');
      if (amountOff !== null && (!Number.isInteger(amountOff) || amountOff < 1))
        return error(400, 'Invalid amount_off: must be at least 1.');
      if (amountOff !== null && !f.get('currency')) return error(400, 'You must pass currency when passing amount_off.');
      const c = {
        id: hex(4),
        object: 'coupon' as const,
        amount_off: amountOff,
        percent_off: percentOff,
        currency: f.get('currency'),
        duration: f.get('duration') ?? 'once',
        max_redemptions: f.has('max_redemptions') ? Number(f.get('max_redemptions')) : null,
        name: f.get('name'),
        times_redeemed: 0,
        valid: true,
      };
      coupons.set(c.id, { ...c, secret_key: key });
      return answer(200, c);
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (failCreates > 0) {
        failCreates--;
        return error(400, 'The fake was told to refuse this session.');
      }
      const f = await readForm(req);
      const id = `cs_test_${hex(16)}`;
      const unit = Number(f.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(f.get('line_items[0][quantity]'));
      const lineItems: FakeSession['line_items'] = [];
      for (let i = 0; f.has(`line_items[${i}][quantity]`); i++)
        lineItems.push({
          name: f.get(`line_items[${i}][price_data][product_data][name]`) ?? '',
          unit_amount: Number(f.get(`line_items[${i}][price_data][unit_amount]`)),
          quantity: Number(f.get(`line_items[${i}][quantity]`)),
          description: f.get(`line_items[${i}][price_data][product_data][description]`),
        });
      const discounts: FakeSession['discounts'] = [];
      for (let i = 0; f.has(`discounts[${i}][coupon]`); i++) discounts.push({ coupon: f.get(`discounts[${i}][coupon]`)! });
      if (discounts.length > 1) return error(400, 'You may only specify one discount per Checkout Session.');
      const subtotal = lineItems.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
      let amountDiscount = 0;
      for (const d of discounts) {
        const c = coupons.get(d.coupon);
        if (!c || c.secret_key !== key) return error(400, `No such coupon: '${d.coupon}'`);
        const currency = f.get('line_items[0][price_data][currency]');
        if (c.amount_off !== null && c.currency !== currency) return error(400, 'The coupon currency does not match the session currency.');
        if (c.max_redemptions !== null && c.times_redeemed >= c.max_redemptions)
          return error(400, `Coupon ${c.id} has been redeemed the max number of times.`);
        amountDiscount += c.amount_off ?? Math.round((subtotal * (c.percent_off ?? 0)) / 100);
      }
      amountDiscount = Math.min(amountDiscount, subtotal);
      const metadata: Record<string, string> = {};
      for (const [k, v] of f) {
        const m = /^metadata\[(\w+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const hook = beforeCreate;
      beforeCreate = undefined;
      await hook?.(metadata);
      const s: FakeSession = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        metadata,
        client_reference_id: f.get('client_reference_id'),
        customer_email: f.get('customer_email'),
        currency: f.get('line_items[0][price_data][currency]') ?? '',
        amount_total: subtotal - amountDiscount,
        unit_amount: unit,
        quantity,
        product_name: f.get('line_items[0][price_data][product_data][name]') ?? '',
        line_items: lineItems,
        discounts,
        total_details: { amount_discount: amountDiscount },
        expires_at: Number(f.get('expires_at')),
        success_url: f.get('success_url') ?? '',
        cancel_url: f.get('cancel_url') ?? '',
        url: noUrl ? null : `https://checkout.stripe.com/c/pay/${id}`,
        secret_key: key,
        idempotency_key: idem,
      };
      sessions.set(id, s);
      return answer(200, publicSession(s));
    }
    const one = /^\/v1\/checkout\/sessions\/(cs_\w+)(\/expire)?$/.exec(url.pathname);
    if (one) {
      const s = sessions.get(one[1]!);
      if (!s || s.secret_key !== key) return error(404, `No such checkout.session: '${one[1]}'`);
      if (req.method === 'GET' && !one[2]) return send(200, publicSession(s));
      if (req.method === 'POST' && one[2]) {
        if (failExpires) return error(500, 'The fake was told to fail expiring sessions.', 'api_error');
        if (s.status !== 'open') return error(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
        s.status = 'expired';
        s.url = null;
        return answer(200, publicSession(s));
      }
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const f = await readForm(req);
      const pi = f.get('payment_intent') ?? '';
      const paid = [...sessions.values()].find((s) => s.payment_intent === pi && s.secret_key === key);
      if (!paid) return answer(400, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${pi}'` } });
      // As Stripe: `amount` (a positive integer) or, without one, all that is left; never more than is left.
      const left = paid.amount_total - refunds.filter((r) => r.payment_intent === pi).reduce((sum, r) => sum + r.amount, 0);
      const asked = f.get('amount');
      const amount = asked === null ? left : Number(asked);
      if (!Number.isInteger(amount) || amount <= 0) {
        return answer(400, { error: { type: 'invalid_request_error', message: 'Invalid positive integer', param: 'amount' } });
      }
      if (amount > left) {
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
            param: 'amount',
          },
        });
      }
      if (refundDelay) await refundDelay();
      const refund = { id: `re_${hex(12)}`, payment_intent: pi, amount, idempotency_key: idem };
      refunds.push(refund);
      return answer(200, { id: refund.id, object: 'refund', amount, payment_intent: pi, status: 'succeeded' });
    }
    return error(404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    coupons,
    calls,
    /** The guest paid on Stripe's page. */
    pay(id: string) {
      const s = sessions.get(id)!;
      for (const d of s.discounts) {
        const c = coupons.get(d.coupon);
        if (c) c.times_redeemed++;
      }
      s.status = 'complete';
      s.payment_status = 'paid';
      s.payment_intent = `pi_${hex(12)}`;
      s.url = null;
      return s;
    },
    /** Stripe expired the session. */
    expire(id: string) {
      const s = sessions.get(id)!;
      s.status = 'expired';
      s.url = null;
      return s;
    },
    /** Runs once, while the next session is being created (with its metadata), before the fake answers. */
    onNextCreate(fn: (metadata: Record<string, string>) => Promise<void>) {
      beforeCreate = fn;
    },
    failNextCreates(n: number) {
      failCreates = n;
    },
    /** While on, expiring a session answers 500 (Stripe unreachable or failing). */
    failExpires(on: boolean) {
      failExpires = on;
    },
    /** Each refund waits for this before it is made (a slow Stripe: concurrent requests overlap). */
    delayRefunds(fn: (() => Promise<void>) | undefined) {
      refundDelay = fn;
    },
    omitUrls(on: boolean) {
      noUrl = on;
    },
    /** The Stripe account `key` belongs to (several keys may share one: a rolled key). */
    setAccount(key: string, account: { id: string; name?: string | null; charges_enabled?: boolean }) {
      accounts.set(key, { name: null, charges_enabled: true, ...account });
    },
    /** Stripe no longer accepts this key (rolled or deleted): every call answers 401. */
    revokeKey(key: string) {
      revoked.add(key);
    },
    /** A restricted key without the permission to read the account: 403. */
    restrictKey(key: string) {
      restricted.add(key);
    },
    /** While on, reading the account answers 500 (Stripe failing). */
    failAccountReads(on: boolean) {
      failAccountReads = on;
    },
    /** The session as a webhook's data.object carries it. */
    webhookObject: (id: string) => publicSession(sessions.get(id)!),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

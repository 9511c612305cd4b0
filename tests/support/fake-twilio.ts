import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_TWILIO = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'fake-twilio-auth-token',
  from: '+15005550006',
};

export type FakeSms = { sid: string; to: string; from: string; body: string };

/**
 * What the fake answers to one message: accept (undefined), a Twilio error response, or 'hang': accept
 * it (it counts as received, as at Twilio) and never answer, as when the answer is lost on the way back.
 */
export type TwilioReply = undefined | 'hang' | { status: number; code: number; message: string };

/**
 * A local stand-in for the Twilio REST API at the network boundary: it checks the account's Basic
 * auth and answers POST /2010-04-01/Accounts/{sid}/Messages.json the way Twilio does.
 */
export async function startFakeTwilio(decide: (sms: Omit<FakeSms, 'sid'>) => TwilioReply = () => undefined, opts: { port?: number } = {}) {
  const received: FakeSms[] = [];
  const hung = new Set<ServerResponse>();
  const expectedAuth = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };

  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== expectedAuth) return send(401, { code: 20003, message: 'Authenticate', status: 401 });
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`) {
      return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    const form = await readBody(req);
    const sms = { to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '' };
    const reply = decide(sms);
    if (reply && reply !== 'hang') return send(reply.status, { code: reply.code, message: reply.message, status: reply.status });
    const sid = `SM${randomBytes(16).toString('hex')}`;
    received.push({ sid, ...sms });
    if (reply === 'hang') {
      hung.add(res);
      return;
    }
    send(201, {
      sid,
      account_sid: FAKE_TWILIO.accountSid,
      to: sms.to,
      from: sms.from,
      body: sms.body,
      status: 'queued',
      num_segments: '1',
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** How many messages each number received. */
    perRecipient: () => received.reduce((m, s) => m.set(s.to, (m.get(s.to) ?? 0) + 1), new Map<string, number>()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

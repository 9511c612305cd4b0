import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { processCpuMs } from './cpu.ts';
import type { BenchContext, SignedInUser } from './types.ts';

const run = promisify(execFile);

type ApiInit = { method?: string; body?: unknown; user?: SignedInUser; headers?: Record<string, string> };

/** The `Cookie` header value made from a response's Set-Cookie headers. */
function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0]!)
    .join('; ');
}

export function createContext(opts: {
  baseURL: string;
  dbUrl: string;
  distDir: string;
  serverEnv: NodeJS.ProcessEnv;
  serverPid: number | undefined;
}): {
  ctx: BenchContext;
  close: () => Promise<void>;
} {
  const { baseURL } = opts;
  const db = new pg.Pool({ connectionString: opts.dbUrl, max: 10 });
  db.on('error', () => {}); // idle clients dropped when the server stops its database

  async function request(pathname: string, init: ApiInit = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: baseURL, ...init.user?.headers, ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    return fetch(new URL(pathname, baseURL), { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
  }

  async function api<T>(pathname: string, init: ApiInit = {}): Promise<T> {
    const res = await request(pathname, init);
    const text = await res.text();
    if (!res.ok)
      throw new Error(`${init.method ?? (init.body !== undefined ? 'POST' : 'GET')} ${pathname} → ${res.status}: ${text.slice(0, 500)}`);
    return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  }

  function signedIn(email: string, password: string, userId: string, cookie: string): SignedInUser {
    if (!cookie) throw new Error(`signing in ${email} set no session cookie`);
    return { email, password, userId, cookie, headers: { cookie, origin: baseURL, 'content-type': 'application/json' } };
  }

  async function signIn(email: string, password: string): Promise<SignedInUser> {
    const res = await request('/api/auth/sign-in/email', { body: { email, password } });
    const text = await res.text();
    if (!res.ok) throw new Error(`sign-in of ${email} → ${res.status}: ${text.slice(0, 300)}`);
    const { user } = JSON.parse(text) as { user: { id: string } };
    return signedIn(email, password, user.id, cookieFrom(res));
  }

  let ownerPromise: Promise<SignedInUser> | undefined;
  const owner = () => {
    ownerPromise ??= (async () => {
      const email = 'owner@bench.turnout.test';
      const password = randomBytes(12).toString('hex');
      const res = await request('/api/setup/owner', { body: { email, password, name: 'Bench Owner' } });
      const text = await res.text();
      if (!res.ok) throw new Error(`POST /api/setup/owner → ${res.status}: ${text.slice(0, 300)}`);
      const { user } = JSON.parse(text) as { user: { id: string } };
      return signedIn(email, password, user.id, cookieFrom(res));
    })();
    ownerPromise.catch(() => {
      ownerPromise = undefined;
    });
    return ownerPromise;
  };

  let userCount = 0;
  const createUser = async (o: { admin?: boolean; email?: string } = {}) => {
    await owner(); // the first account must be the owner
    const email = o.email ?? `user${++userCount}.${randomBytes(3).toString('hex')}@bench.turnout.test`;
    const password = randomBytes(12).toString('hex');
    const args = [path.join(opts.distDir, 'server', 'cli.js'), 'user:create', '--email', email, '--password', password];
    if (o.admin) args.push('--admin');
    await run(process.execPath, args, { env: opts.serverEnv, timeout: 60_000 });
    return signIn(email, password);
  };

  const ctx: BenchContext = {
    baseURL,
    db,
    owner,
    createUser,
    api,
    log: (msg) => console.error(`    ${msg}`),
    serverCpuMs: () => (opts.serverPid === undefined ? undefined : processCpuMs(opts.serverPid)),
  };
  return { ctx, close: () => db.end() };
}

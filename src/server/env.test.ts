import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'turnout-env-'));

describe('loadEnv', () => {
  it('names every bad variable in one readable message', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATA_DIR: tmp() })).toThrow(EnvError);
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', DATA_DIR: tmp() });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    }
  });

  it('takes DATABASE_DIRECT_URL only beside DATABASE_URL, and only a postgres:// URL', () => {
    const direct = 'postgres://app@127.0.0.1:5432/turnout';
    expect(() => loadEnv({ DATABASE_DIRECT_URL: direct, DATA_DIR: tmp() })).toThrow(/DATABASE_DIRECT_URL: only with DATABASE_URL/);
    expect(() => loadEnv({ DATABASE_URL: direct, DATABASE_DIRECT_URL: 'http://x', DATA_DIR: tmp() })).toThrow(
      /DATABASE_DIRECT_URL: must be a postgres:\/\/ URL/,
    );
    const pooled = 'postgres://app@127.0.0.1:6432/turnout';
    expect(loadEnv({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct, DATA_DIR: tmp() }).DATABASE_DIRECT_URL).toBe(direct);
  });

  it('requires the secrets in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/AUTH_SECRET: required in production/);
  });

  it('requires PUBLIC_BASE_URL in production (no silent http://localhost on tickets), each gap on its own line', () => {
    const secrets = {
      AUTH_SECRET: 'a'.repeat(32),
      ENCRYPTION_KEY: '1'.repeat(64),
      TICKET_SIGNING_KEY: 't'.repeat(32),
    };
    const production = { NODE_ENV: 'production', DATA_DIR: tmp() };
    expect(() => loadEnv({ ...production, ...secrets })).toThrow(EnvError);
    expect(() => loadEnv({ ...production, ...secrets, DEV_MAILBOX: 'true' })).toThrow(
      'Invalid configuration:\n  PUBLIC_BASE_URL: required in production (the public origin, e.g. https://events.example.com)',
    );
    // Without SMTP the e-mail would only reach the dev mailbox: production says so unless DEV_MAILBOX=true.
    expect(() => loadEnv({ ...production, ...secrets, PUBLIC_BASE_URL: 'https://events.example.com' })).toThrow(
      /SMTP_URL: required in production/,
    );
    expect(() => loadEnv({ ...production, ...secrets, PUBLIC_BASE_URL: '' })).toThrow(/PUBLIC_BASE_URL: required in production/);
    expect(() => loadEnv(production)).toThrow(/PUBLIC_BASE_URL: required[^\n]*\n {2}AUTH_SECRET: required[^\n]*\n {2}ENCRYPTION_KEY/);
    const env = loadEnv({
      ...production,
      ...secrets,
      PUBLIC_BASE_URL: 'https://events.example.com/',
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(env.PUBLIC_BASE_URL).toBe('https://events.example.com');
    expect(() =>
      loadEnv({
        ...production,
        ...secrets,
        PUBLIC_BASE_URL: 'https://events.example.com',
        SMTP_URL: 'smtp://mail.example.com:587?proxy=socks5://127.0.0.1:1080',
      }),
    ).toThrow(/SMTP_URL: a proxy is not supported/);
    expect(loadEnv({ NODE_ENV: 'test', DATA_DIR: tmp() }).PUBLIC_BASE_URL).toBe('http://localhost:3000');
  });

  it('generates missing secrets once outside production and keeps them private', () => {
    const dir = tmp();
    const a = loadEnv({ DATA_DIR: dir });
    const b = loadEnv({ DATA_DIR: dir });
    expect(a.AUTH_SECRET).toHaveLength(64);
    expect(b.AUTH_SECRET).toBe(a.AUTH_SECRET);
    expect(b.ENCRYPTION_KEY.equals(a.ENCRYPTION_KEY)).toBe(true);
    const file = path.join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty('TICKET_SIGNING_KEY');
  });

  it('defaults the public URL from the port', () => {
    expect(loadEnv({ PORT: '4321', DATA_DIR: tmp() }).PUBLIC_BASE_URL).toBe('http://localhost:4321');
  });
});

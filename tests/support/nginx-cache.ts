import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServiceProcess } from './service-process.ts';

/**
 * Debian's nginx (`apt-get install nginx-light`; .ci/run installs it) as a shared cache in front of app
 * processes, the way a CDN would sit before a launch (docs/decisions/0025-public-page-behind-a-cache.md): it
 * keeps what the app's Cache-Control lets a shared cache keep, one request to the app per expired entry
 * (proxy_cache_lock), and says what it did in `X-Cache-Status` (HIT, MISS, EXPIRED, UPDATING…).
 */
export type NginxCache = { baseURL: string; log: () => string; stop: () => Promise<void> };

export function nginxPath(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  return null;
}

/** Starts nginx on `port` in front of `upstreams` (host:port each), caching in a temp folder. */
export async function startNginxCache(port: number, upstreams: string[]): Promise<NginxCache> {
  const bin = nginxPath();
  if (!bin) throw new Error('nginx is not installed: apt-get install -y nginx-light');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnout-nginx-'));
  mkdirSync(path.join(dir, 'cache'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1 keys_zone=turnout:1m max_size=64m inactive=5m use_temp_path=off;
  upstream turnout {
    least_conn;
${upstreams.map((u) => `    server ${u};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://turnout;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_cache turnout;
      proxy_cache_lock on;
      proxy_cache_use_stale updating;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`,
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const service = await startServiceProcess({
    bin,
    args: ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf],
    dir,
    logFile: path.join(dir, 'error.log'),
    stopSignal: 'SIGQUIT',
    ready: async () => Boolean((await fetch(`${baseURL}/livez`).catch(() => null))?.ok),
  });
  return {
    baseURL,
    log: service.log,
    stop: service.stop,
  };
}

/** For a test's skip condition: nginx is here and runs. */
export function hasNginx(): boolean {
  const bin = nginxPath();
  if (!bin) return false;
  try {
    execFileSync(bin, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

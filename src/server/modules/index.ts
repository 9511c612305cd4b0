import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import type { Spa } from '../http/spa.ts';

/**
 * Feature modules mount here (one line each): API routers under /api/…, plus head providers for
 * server-rendered share tags on public pages.
 */
export function mountModules(_app: Hono<AppEnv>, _spa: Spa) {}

import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { textProblem } from '../../common/schemas/text.ts';
import { malformedJson } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { invalidFields, validationError } from '../http/validation.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** The first string of `body` (a value or a key) that breaks the app's text rule: its dotted path and the message. */
function badText(body: unknown): [path: string, message: string] | null {
  // A stack, not recursion: a 64 KB body can nest tens of thousands of levels deep.
  const stack: [path: string, value: unknown][] = [['', body]];
  while (stack.length) {
    const [path, value] = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, { multiline: true });
      if (problem) return [path || '_', problem];
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        const keyProblem = textProblem(key, { multiline: true });
        if (keyProblem) return [path || '_', keyProblem];
        stack.push([childPath, child]);
      }
    }
  }
  return null;
}

/**
 * In front of every Better Auth endpoint: a JSON body whose strings hold a control character (tab and
 * line breaks aside) or a lone surrogate is refused with a 400 naming the field. Better Auth passes
 * such text to PostgreSQL, which fails on NUL (a 500) and stores broken text otherwise. `schemas` (by
 * path under /api/auth) check the bodies of endpoints whose own schema lets any value reach the database.
 */
export function checkAuthBody(schemas: Record<string, z.ZodType> = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      const text = await c.req.raw.clone().text();
      if (text.trim()) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          throw malformedJson();
        }
        const bad = badText(body);
        if (bad) throw invalidFields({ [bad[0]]: bad[1] });
        const schema = schemas[c.req.path.slice('/api/auth'.length)];
        const parsed = schema?.safeParse(body);
        if (parsed && !parsed.success) throw validationError(parsed.error);
      }
    }
    await next();
  };
}

import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { AppError, type FieldErrors } from '../errors.ts';
import type { AppEnv } from './context.ts';

/** zod issues → { field: first message }, with nested paths joined by dots. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: z.ZodError, message = 'Please correct the highlighted fields.'): AppError {
  return invalidFields(fieldErrors(error), message);
}

/** The 400 naming the fields; its message is theirs when they all say the same. */
export function invalidFields(fields: FieldErrors, message = 'Please correct the highlighted fields.'): AppError {
  const distinct = new Set(Object.values(fields));
  const only = distinct.size === 1 ? Object.values(fields)[0] : undefined;
  return new AppError('validation_failed', only ?? message, fields);
}

/**
 * A router whose request validation failures become 400s naming the fields; a path parameter that
 * fails its schema names nothing that exists: 404 with the parameter's message.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const err = validationError(result.error as z.ZodError);
      if (result.target !== 'param') throw err;
      throw new AppError('not_found', err.message, err.fields);
    },
  });
}

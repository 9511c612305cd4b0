import { z } from 'zod';

/** C0 and C1 control characters and DEL. */
const CONTROL = /\p{Cc}/u;
/** The same, less tab, LF and CR: multi-line text keeps its lines and indents. */
const CONTROL_EXCEPT_LINES = /[^\P{Cc}\t\n\r]/u;
/** Half of a UTF-16 pair without its other half: not a character, cannot be stored or e-mailed. */
const LONE_SURROGATE = /\p{Cs}/u;

export const TEXT_CONTROL_MESSAGE = 'Remove the control characters (such as line breaks or NUL) from this text.';
export const TEXT_MULTILINE_CONTROL_MESSAGE = 'Remove the control characters (such as NUL) from this text.';
export const TEXT_BROKEN_MESSAGE = 'This text contains a broken character; please type it again.';

/** The text rule alone, for values that are not zod-parsed (e.g. a path segment). */
export function textProblem(value: string, opts: { multiline?: boolean } = {}): string | null {
  if ((opts.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value))
    return opts.multiline ? TEXT_MULTILINE_CONTROL_MESSAGE : TEXT_CONTROL_MESSAGE;
  if (LONE_SURROGATE.test(value)) return TEXT_BROKEN_MESSAGE;
  return null;
}

/**
 * Every free-text field of the app: a trimmed string without control characters (multi-line text
 * may hold tab and line breaks) and without broken UTF-16 (a lone surrogate). `error` is the
 * message for a missing or non-string value, `invalid` replaces the rule's own messages.
 */
export function zText(opts: { multiline?: boolean; error?: string; invalid?: string } = {}) {
  return z
    .string(opts.error ? { error: opts.error } : undefined)
    .trim()
    .check((ctx) => {
      const problem = textProblem(ctx.value, opts);
      if (problem) ctx.issues.push({ code: 'custom', message: opts.invalid ?? problem, input: ctx.value });
    });
}

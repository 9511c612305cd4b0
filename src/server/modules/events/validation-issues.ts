import { AppError } from '../../errors.ts';

/** { field: message } → the 400 the router would give for a schema failure. */
export function throwIfIssues(fields: Record<string, string>) {
  const keys = Object.keys(fields);
  if (!keys.length) return;
  throw new AppError('validation_failed', keys.length === 1 ? fields[keys[0]!]! : 'Please correct the highlighted fields.', fields);
}

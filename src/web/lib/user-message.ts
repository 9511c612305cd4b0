import { MSG } from '../../common/messages.ts';
import { ApiError } from './api.ts';
import { errorCode } from './error-code.ts';

/**
 * The one sentence a user reads about a failed request, chosen by the error's code (lib/error-code.ts).
 * Our 4xx answers carry a sentence written for people (the server's texts come from MSG), so it is
 * shown as it is; a network failure and an outage get fixed texts, and a server fault (or anything
 * that is not an API error) says only `fallback`, the screen's own "Failed to …".
 * Field errors are not here: forms show `fieldErrorsOf(error)` beside their inputs.
 */
export function toUserMessage(error: unknown, fallback: string = MSG.unexpectedError): string {
  switch (errorCode(error)) {
    case 'network':
      return MSG.networkError;
    case 'unavailable':
      return MSG.serviceUnavailable;
    case 'internal':
    case 'http_error':
    case 'unknown':
      return fallback;
    default:
      return (error as ApiError).message || fallback;
  }
}

/** The field messages of a refused form (validation_failed and friends), or undefined. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  return error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0 ? error.fields : undefined;
}

import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { AppError } from '../errors.ts';
import type { AppEnv } from './context.ts';

/** The largest request body outside uploads: the biggest form (an event) is far below it. */
export const BODY_MAX_BYTES = 64 * 1024;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const TOO_LARGE = `The request body must be ${BODY_MAX_BYTES / 1024} KB or smaller.`;
const BAD_LENGTH = 'Content-Length must be a number of bytes.';

/**
 * 413 for a body over BODY_MAX_BYTES, before anything reads it: by its Content-Length when it has
 * one (Node's HTTP parser never delivers more than that), else counted while it streams in (chunked)
 * and the reading stopped at the limit. `exceptPaths` (uploads) check their own, larger limit.
 */
export function limitBodies(opts: { exceptPaths: string[] }): MiddlewareHandler<AppEnv> {
  const tooLarge = () => {
    throw new AppError('payload_too_large', TOO_LARGE, { body: TOO_LARGE });
  };
  const streamed = bodyLimit({ maxSize: BODY_MAX_BYTES, onError: tooLarge });
  const limit = except(opts.exceptPaths, (c, next) => {
    // A declared length is checked from the header alone. hono's bodyLimit would look at
    // `c.req.raw.body` first, which makes @hono/node-server build a full web Request with a stream
    // body for every POST instead of handing the handler the bytes it read (ADR 0016: 5–10 % of the
    // event loop in an RSVP rush). Only a chunked body is counted while it streams.
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    // Node's parser answers 400 to a malformed Content-Length before this runs; an in-process request
    // (and hono's own limiter, which would let it through) gets the same.
    if (!/^\d+$/.test(length)) throw new AppError('bad_request', BAD_LENGTH, { 'content-length': BAD_LENGTH });
    if (Number(length) > BODY_MAX_BYTES) tooLarge();
    return next();
  });
  // Reads skip the limiter: nothing reads a GET's body, and looking at it would make @hono/node-server
  // build a full Request for every page view (docs/measurements/code-paths.md#body-limit).
  // A write declaring a length within the limit passes whatever its path, as it would through `limit`,
  // without hono's except() (a router match and a composed chain made per request: issue 36).
  return (c, next) => {
    if (READS.has(c.req.method)) return next();
    const length = c.req.header('content-length');
    const declared = length !== undefined && c.req.header('transfer-encoding') === undefined;
    return declared && /^\d+$/.test(length) && Number(length) <= BODY_MAX_BYTES ? next() : limit(c, next);
  };
}

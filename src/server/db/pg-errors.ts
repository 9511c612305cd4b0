/**
 * The PostgreSQL error behind a (possibly Drizzle- or Better-Auth-wrapped) query error: the one
 * place that knows SQLSTATEs of constraint violations.
 */
/** Five characters: a SQLSTATE, not a wrapper's own code (e.g. Better Auth's or a socket's). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const rec = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof rec.code === 'string' && SQLSTATE.test(rec.code))
      return { code: rec.code, constraint: typeof rec.constraint === 'string' ? rec.constraint : undefined };
    e = rec.cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pg = pgError(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
};

export const isForeignKeyViolation = (err: unknown, constraint?: string) => {
  const pg = pgError(err);
  return pg?.code === '23503' && (!constraint || pg.constraint === constraint);
};

/** Two transactions each waited for a lock the other held; PostgreSQL ended this one (retry it). */
export const isDeadlock = (err: unknown) => pgError(err)?.code === '40P01';

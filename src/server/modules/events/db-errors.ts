/** The PostgreSQL error behind a (possibly Drizzle-wrapped) query error. */
export function pgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const rec = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof rec.code === 'string')
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

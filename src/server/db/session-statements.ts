import { createHash } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../errors.ts';
import { isTransactionPooled } from './client.ts';

/**
 * Statements a connection PREPAREs once and then runs by EXECUTE inside a simple-query message of several
 * statements, so the one-message RSVP write is not re-planned every time (ADR 0023). A PREPARE survives
 * ROLLBACK, so it counts once sent; after an error the list is re-read from pg_prepared_statements.
 * Behind a pooler in transaction mode (DATABASE_DIRECT_URL set; ADR 0024) the next message may reach
 * another backend, so each message drops whatever its backend kept and PREPAREs what it runs afresh.
 */

/** A statement with parameters $1…$n, named after its text. */
export type SessionStatement = { name: string; text: string };

/** Values that can be spliced in as SQL literals. */
export type SqlValue = string | number | boolean | null | undefined;

/** One part of a message: plain SQL, or a session statement with its arguments. */
export type MessagePart = string | { statement: SessionStatement; args: readonly SqlValue[] };

const PREFIX = 'turnout_';

export function sessionStatement(text: string): SessionStatement {
  return { name: `${PREFIX}${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
}

/** An SQL literal for `v` (simple-query protocol: no parameters). */
export function sqlLiteral(v: SqlValue): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('sqlLiteral: non-finite number');
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') {
    if (v.includes('\0')) throw new AppError('bad_request', 'Text must not contain NUL characters.');
    return quoteText(v);
  }
  throw new Error(`sqlLiteral: unsupported value type ${typeof v}`);
}

/**
 * pg.escapeLiteral's output (quotes and backslashes doubled, E'' when there is a backslash) from two
 * native replaces: escapeLiteral builds it a character at a time, several times slower on an RSVP's
 * queued e-mail, on the event loop of every answer (ADR 0016).
 */
function quoteText(v: string): string {
  const hasBackslash = v.includes('\\');
  const body = (hasBackslash ? v.replace(/\\/g, '\\\\') : v).replace(/'/g, "''");
  return hasBackslash ? ` E'${body}'` : `'${body}'`;
}

// Per connection: the names it has prepared, or 'unknown' after a message with PREPAREs failed.
// Bounded by construction: one entry per live pooled connection, gone with it (weak keys), each holding
// one name per statement text the code builds (a handful).
const preparedOn = new WeakMap<pg.ClientBase, Set<string> | 'unknown'>();

async function preparedNames(client: pg.ClientBase): Promise<Set<string>> {
  const known = preparedOn.get(client);
  if (known instanceof Set) return known;
  // A new connection has none; one whose last message failed says which it has.
  const names = new Set<string>();
  if (known === 'unknown') {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE name LIKE $1', [`${PREFIX}%`]);
    for (const r of rows) names.add(r.name);
  }
  preparedOn.set(client, names);
  return names;
}

/**
 * Sends `parts` as one simple-query message on `client`, with the PREPAREs it still lacks in front,
 * and returns the result of each statement after those PREPAREs.
 */
export async function runMessage(client: pg.ClientBase, parts: readonly MessagePart[]): Promise<pg.QueryResult[]> {
  const pooled = isTransactionPooled(client);
  // Behind a transaction-mode pooler: a backend shared with other clients, its statements unknown (a message
  // that failed mid-way left its PREPAREs there), so start from none. A PREPARE is allowed inside a transaction.
  const names = pooled ? new Set<string>() : await preparedNames(client);
  const prepares: string[] = pooled ? ['DEALLOCATE ALL'] : [];
  const body = parts.map((part) => {
    if (typeof part === 'string') return part;
    const { statement, args } = part;
    if (!names.has(statement.name)) {
      prepares.push(`PREPARE ${statement.name} AS ${statement.text}`);
      names.add(statement.name);
    }
    return `EXECUTE ${statement.name}(${args.map(sqlLiteral).join(', ')})`;
  });
  try {
    const results = await client.query([...prepares, ...body].join(';\n'));
    const all = Array.isArray(results) ? results : [results];
    return all.slice(prepares.length);
  } catch (err) {
    // Which PREPAREs ran is unknown (one may have failed), or a statement was missing after all.
    if (!pooled && (prepares.length || (err as { code?: string }).code === '26000')) preparedOn.set(client, 'unknown');
    throw err;
  }
}

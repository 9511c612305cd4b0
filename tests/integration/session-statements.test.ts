/**
 * Statements prepared once per connection and run by EXECUTE in one simple-query message
 * (src/server/db/session-statements.ts, docs/decisions/0023-prepared-rsvp-write.md), on a real server.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, isTransactionPooled } from '../../src/server/db/client.ts';
import { runMessage, sessionStatement } from '../../src/server/db/session-statements.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false' });
let client: pg.PoolClient;
let other: pg.PoolClient;

beforeAll(async () => {
  client = await t.db.$client.connect();
  other = await t.db.$client.connect();
  await client.query('CREATE TABLE session_stmt_test (id int PRIMARY KEY, note text NOT NULL DEFAULT $$none$$)');
});
afterAll(() => {
  client.release();
  other.release();
});

const insert = sessionStatement('INSERT INTO session_stmt_test (id) VALUES ($1) RETURNING id, note');
const count = sessionStatement('SELECT count(*)::int AS n FROM session_stmt_test WHERE id >= $1::int');
const prepared = async (c: pg.PoolClient) =>
  (await c.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE 'turnout_%' ORDER BY name")).rows.map(
    (r) => r.name,
  );

describe('session statements', () => {
  it('prepares a statement once per connection and answers each statement after the PREPAREs', async () => {
    const first = await runMessage(client, ['BEGIN', { statement: insert, args: [1] }, { statement: count, args: [0] }, 'COMMIT']);
    expect(first.map((r) => r.command)).toEqual(['BEGIN', 'INSERT', 'SELECT', 'COMMIT']);
    expect(first[1]!.rows).toEqual([{ id: 1, note: 'none' }]);
    expect(first[2]!.rows).toEqual([{ n: 1 }]);
    // Sent again, a PREPARE of the same name would fail (42P05): the second message only EXECUTEs.
    const second = await runMessage(client, [
      { statement: insert, args: [2] },
      { statement: count, args: [2] },
    ]);
    expect(second[1]!.rows).toEqual([{ n: 1 }]);
    expect(await prepared(client)).toEqual([insert.name, count.name].sort());
    // Another connection has its own session: it prepares for itself.
    expect(await prepared(other)).toEqual([]);
    expect((await runMessage(other, [{ statement: count, args: [0] }]))[0]!.rows).toEqual([{ n: 2 }]);
    expect(await prepared(other)).toEqual([count.name]);
  });

  it('after a failed message that carried PREPAREs, learns from the server which it has', async () => {
    const broken = sessionStatement('SELECT FROM WHERE $1');
    const fresh = sessionStatement('SELECT $1::int + 1 AS n');
    // `broken` does not parse, so nothing of the message runs: not even the PREPARE of `fresh` before it.
    await expect(
      runMessage(client, [
        { statement: fresh, args: [1] },
        { statement: broken, args: [1] },
      ]),
    ).rejects.toMatchObject({ code: '42601' });
    expect(await prepared(client)).not.toContain(fresh.name);
    // Both are prepared again: `fresh` runs (not 'prepared statement does not exist', 26000), and
    // `broken` fails with the same syntax error.
    expect((await runMessage(client, [{ statement: fresh, args: [41] }]))[0]!.rows).toEqual([{ n: 42 }]);
    await expect(runMessage(client, [{ statement: broken, args: [1] }])).rejects.toMatchObject({ code: '42601' });
    // A message whose second PREPARE fails when it runs: the first one stays (42P05 if sent again), the
    // second is sent again (its own error, not 26000).
    const double = sessionStatement('SELECT $1::int * 2 AS n');
    const missing = sessionStatement('SELECT n FROM no_such_table WHERE n = $1');
    await expect(
      runMessage(client, [
        { statement: double, args: [1] },
        { statement: missing, args: [1] },
      ]),
    ).rejects.toMatchObject({ code: '42P01' });
    expect(await prepared(client)).toContain(double.name);
    expect(
      (
        await runMessage(client, [
          { statement: double, args: [21] },
          { statement: count, args: [0] },
        ])
      )[0]!.rows,
    ).toEqual([{ n: 42 }]);
    await expect(runMessage(client, [{ statement: missing, args: [1] }])).rejects.toMatchObject({ code: '42P01' });
  });

  it('a unique violation in an EXECUTE reports its constraint, and the connection goes on', async () => {
    const err = await runMessage(client, ['BEGIN', { statement: insert, args: [1] }, 'COMMIT']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 'session_stmt_test_pkey' });
    await client.query('ROLLBACK');
    expect((await runMessage(client, [{ statement: insert, args: [3] }]))[0]!.rows).toEqual([{ id: 3, note: 'none' }]);
  });

  it('a statement deallocated behind its back fails once, then is prepared again', async () => {
    await client.query('DEALLOCATE ALL');
    await expect(runMessage(client, [{ statement: count, args: [0] }])).rejects.toMatchObject({ code: '26000' });
    expect((await runMessage(client, [{ statement: count, args: [0] }]))[0]!.rows).toEqual([{ n: 3 }]);
  });

  it('on a transaction-mode pooled connection each message prepares afresh, whatever its backend kept', async () => {
    // A pool marked as behind a transaction-mode pooler (a session URL given, ADR 0024): its next message
    // may reach a backend that has none of the names, or the leftovers of a message that failed half-way.
    const pooledDb = createDb(t.url, 1, undefined, t.url);
    const c = await pooledDb.$client.connect();
    try {
      expect(isTransactionPooled(c)).toBe(true);
      expect(isTransactionPooled(client)).toBe(false);
      const double = sessionStatement('SELECT $1::int * 2 AS n');
      const missing = sessionStatement('SELECT n FROM no_such_table WHERE n = $1');
      // Leftovers: `double` prepared, then the message failed (as one that reached another backend would leave it).
      await expect(
        runMessage(c, [
          { statement: double, args: [1] },
          { statement: missing, args: [1] },
        ]),
      ).rejects.toMatchObject({ code: '42P01' });
      expect(await prepared(c)).toContain(double.name);
      // Sent again it neither fails on the leftover (42P05) nor trusts it: the backend gets its PREPAREs anew.
      expect((await runMessage(c, [{ statement: double, args: [21] }]))[0]!.rows).toEqual([{ n: 42 }]);
      await c.query('DEALLOCATE ALL'); // as a fresh backend would be
      expect((await runMessage(c, [{ statement: double, args: [4] }]))[0]!.rows).toEqual([{ n: 8 }]);
      // Each message keeps only its own: the backend holds what this message prepared, nothing else.
      expect(await prepared(c)).toEqual([double.name]);
    } finally {
      c.release();
      await pooledDb.$client.end();
    }
  });

  it('quotes what a guest types, and refuses NUL before anything is sent', async () => {
    const echo = sessionStatement('SELECT $1::text AS v');
    for (const v of ["O'Brien", 'back\\slash', "E'x'", '$$;--', '😀']) {
      expect((await runMessage(client, [{ statement: echo, args: [v] }]))[0]!.rows).toEqual([{ v }]);
    }
    await expect(runMessage(client, [{ statement: echo, args: ['a\0b'] }])).rejects.toThrow(/NUL/);
  });
});

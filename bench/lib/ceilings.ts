import pg from 'pg';

export type InsertCeiling = { rps: number; total: number; p50: number; p99: number; seconds: number; connections: number };

/**
 * The raw single-row INSERT rate through the same driver (pg) on the bench database, with the same
 * concurrency as the scenario: the ceiling for write scenarios (docs/product.md#performance-targets). Uses a
 * scratch table it drops.
 */
export async function measureInsertCeiling(dbUrl: string, connections: number, seconds: number): Promise<InsertCeiling> {
  const table = `bench_insert_ceiling_${process.pid}`;
  const admin = new pg.Client({ connectionString: dbUrl });
  await admin.connect();
  const clients: pg.Client[] = [];
  try {
    await admin.query(
      `CREATE TABLE ${table} (id bigserial PRIMARY KEY, event_id bigint NOT NULL, email text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    for (let i = 0; i < connections; i++) {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      clients.push(c);
    }
    const latencies: number[] = [];
    const started = performance.now();
    const until = started + seconds * 1000;
    let seq = 0;
    await Promise.all(
      clients.map(async (c) => {
        while (performance.now() < until) {
          const t = performance.now();
          await c.query(`INSERT INTO ${table} (event_id, email) VALUES ($1, $2)`, [1, `guest${seq++}@bench.test`]);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil(q * latencies.length) - 1))] ?? Number.NaN;
    return { rps: latencies.length / elapsed, total: latencies.length, p50: at(0.5), p99: at(0.99), seconds: elapsed, connections };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await admin.query(`DROP TABLE IF EXISTS ${table}`).catch(() => {});
    await admin.end();
  }
}

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * CPU time spent on a run (issue 36): the server process's (user + system, every thread, from
 * /proc/{pid}/stat) and the bench database's client backends' (the same, for each backend PostgreSQL lists
 * in pg_stat_activity for this database, on this machine). Divided by the requests answered it is the CPU
 * per request, which follows the code more than the machine's speed does; beside /livez's in the same run
 * it is comparable across machines.
 */

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second, the unit of /proc's CPU times (getconf CLK_TCK; 100 on Linux). */
function ticks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** A process's CPU time so far in ms, or undefined once it is gone (or unreadable). */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields are counted from after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name and state.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks();
  } catch {
    return undefined;
  }
}

async function backendCpu(db: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()",
  );
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) out.set(pid, ms);
  }
  return out;
}

export type CpuSpent = { serverMs: number; dbMs: number };
export type CpuPerRequest = { serverUs: number; dbUs: number };

/**
 * Starts counting; the returned function stops and gives the CPU spent since. A backend that appeared
 * meanwhile counts whole (it was opened for the run); one that closed meanwhile is lost (the app's pool
 * keeps its connections while busy, so that is rare).
 */
export async function startCpuMeter(serverPid: number | undefined, db: pg.Pool): Promise<() => Promise<CpuSpent | undefined>> {
  if (serverPid === undefined || processCpuMs(serverPid) === undefined) return async () => undefined;
  const server0 = processCpuMs(serverPid)!;
  const db0 = await backendCpu(db);
  return async () => {
    const server1 = processCpuMs(serverPid);
    if (server1 === undefined) return undefined;
    let dbMs = 0;
    for (const [pid, ms] of await backendCpu(db)) dbMs += ms - (db0.get(pid) ?? 0);
    return { serverMs: server1 - server0, dbMs };
  };
}

/** CPU per answered request in µs. */
export function perRequest(spent: CpuSpent | undefined, answered: number): CpuPerRequest | undefined {
  if (!spent || answered <= 0) return undefined;
  return { serverUs: (spent.serverMs * 1000) / answered, dbUs: (spent.dbMs * 1000) / answered };
}

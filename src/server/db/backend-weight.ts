import { readFileSync, writeFileSync } from 'node:fs';
import type { Logger } from '../logger.ts';

/**
 * The scheduling weight of our embedded PostgreSQL's backends on Linux: each is its own autogroup (it
 * calls setsid), so without this ten busy backends outweigh the app's one event loop ten to one (ADR 0022).
 */
export const BACKEND_AUTOGROUP_NICE = 10;

/** The parent pid of `pid` from /proc/<pid>/stat, or null. */
export function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : null;
  } catch {
    return null;
  }
}

/**
 * A function to call with each new connection's backend pid: it lowers that backend's autogroup weight when
 * the backend is a child of `postmasterPid()` (our embedded server, never another process). Where the
 * kernel has no autogroups (not Linux, or built without them) or refuses the write, it logs once and stops
 * trying; nothing else depends on it.
 */
export function backendWeigher(postmasterPid: () => number | undefined, log: Logger): (backendPid: number | null | undefined) => void {
  let off = false;
  return (backendPid) => {
    const postmaster = postmasterPid();
    if (off || !backendPid || !postmaster || parentPid(backendPid) !== postmaster) return;
    try {
      writeFileSync(`/proc/${backendPid}/autogroup`, String(BACKEND_AUTOGROUP_NICE));
    } catch (err) {
      off = true;
      log.info({ err: (err as Error).message }, "the embedded PostgreSQL's backends keep their default scheduling weight");
    }
  };
}

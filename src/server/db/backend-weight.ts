import { readFileSync, writeFileSync } from 'node:fs';
import type { Logger } from '../logger.ts';

/**
 * The scheduling weight of the embedded PostgreSQL's backends on Linux (docs/decisions/0022-backends-yield-to-the-loop.md).
 *
 * PostgreSQL makes every backend a session leader (setsid), and with the kernel's autogroup scheduling
 * each session is its own group with the weight of a whole process: ten busy backends outweigh the app's
 * one event loop ten to one, and the loop, which every request needs, waits in the run queue while they
 * run. This gives each backend of our own embedded server the autogroup nice value below (weight 110
 * against the app's 1,024), which counts only when the CPU is contended.
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

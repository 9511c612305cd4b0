import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A bench module running itself in a process of its own (the SMTP sink, a second load generator): `moduleUrl`
 * is the module's import.meta.url, `flag` the argument that tells the child which part to run. The child talks
 * over IPC and exits when the harness goes away, even by kill -9 (its IPC channel closes).
 */
export function forkSelf(moduleUrl: string, flag: string): ChildProcess {
  return fork(fileURLToPath(moduleUrl), [flag], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** In the module's own top level: true in the child forkSelf started with this flag, which then runs that part. */
export function isForkedAs(moduleUrl: string, flag: string): boolean {
  const forked = process.argv.includes(flag) && process.argv[1] === fileURLToPath(moduleUrl);
  if (forked) process.on('disconnect', () => process.exit(0));
  return forked;
}

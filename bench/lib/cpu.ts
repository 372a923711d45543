// CPU time of finished child processes, from Linux /proc: what a run of processes cost, whatever else the
// machine was doing.
import { readFileSync } from 'node:fs';

/**
 * CPU time (ms, user + system) of this process's children that have exited and been waited for, their own
 * children included.
 */
export function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) * (1000 / 100); // cutime + cstime, clock ticks of 10 ms
}

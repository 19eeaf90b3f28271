import { readFile } from 'node:fs/promises';

import { CLOCK_TICKS } from '../test-support/server-process.js';

export { startServerProcess, type ServerProcess } from '../test-support/server-process.js';

/** Busy CPU seconds of the whole machine so far, summed over its cores, from /proc/stat. */
export async function machineBusySeconds(): Promise<number> {
  const [user, nice, system, , , irq, softirq, steal] = (await readFile('/proc/stat', 'utf8'))
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / CLOCK_TICKS;
}

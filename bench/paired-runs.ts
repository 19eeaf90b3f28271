/**
 * `node --import tsx bench/paired-runs.ts FILE...`: the paired windows of several cost runs
 * (`bench/results/request-cost-*.json` made with two settings) taken together, call by call, and
 * previews with downloads (the same recording), as each run's own table shows them for one run.
 */
import { readFile } from 'node:fs/promises';
import { pairedRatios, windowRatiosAgainst } from './cost.js';
import type { CostMeasurement } from './request-cost.js';

const runs = await Promise.all(
  process.argv.slice(2).map(async (file) => (JSON.parse(await readFile(file, 'utf8')) as { results: CostMeasurement[] }).results),
);
if (runs.length === 0) throw new Error('Name the result files to take together.');

/** Each window of the second setting over its pair of the first, per call and concurrency, across the runs. */
const pairs = new Map<string, { rps: number[]; machineCpuMs: number[] }>();
for (const results of runs) {
  const first = results.find((result) => result.variant !== null)!.variant!;
  for (const { result, rps, machineCpuMs } of windowRatiosAgainst(results, first)) {
    for (const name of [result.name, ...(['Preview', 'Download'].includes(result.name) ? ['Preview and Download'] : [])]) {
      const key = `${name} at ${result.connections} in flight`;
      const pair = pairs.get(key) ?? { rps: [], machineCpuMs: [] };
      pair.rps.push(...rps);
      pair.machineCpuMs.push(...machineCpuMs);
      pairs.set(key, pair);
    }
  }
}
console.table(
  [...pairs].map(([call, pair]) => ({
    call,
    pairs: pair.rps.length,
    'requests/s, geometric mean ± standard error (range)': pairedRatios(pair.rps),
    'machine CPU per call, geometric mean ± standard error (range)': pairedRatios(pair.machineCpuMs),
  })),
);

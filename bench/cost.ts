import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { createAccessEvidenceRepository } from '../apps/server/src/db/repositories/access-evidence.repository.js';
import { createTransact } from '../apps/server/src/db/transact.js';
import { createAccessEvidenceService } from '../apps/server/src/services/access-evidence.service.js';
import { latencyColumns, writeResult } from './measure.js';
import { measureRequestCost, type CostMeasurement, type CostVariant } from './request-cost.js';
import { machineBusySeconds } from './server-process.js';

/**
 * The server's settings measured side by side in each run (each environment its own process,
 * measured in turn): whether repeated reads run as prepared statements, so that what that earns is read from figures of the same run.
 */
export const COST_VARIANTS: CostVariant[] = [
  { name: 'as configured', env: {} },
  { name: 'statements not prepared', env: { DATABASE_PREPARED_STATEMENTS: 'false' } },
  // What recording who opened which document costs: the same statements, with the event's row not
  // written (its insert turned away by a trigger while this variant is measured).
  {
    name: 'access evidence not written',
    env: {},
    database: {
      before: [
        'CREATE FUNCTION bench_evidence_not_written() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$',
        'CREATE TRIGGER bench_evidence_not_written BEFORE INSERT ON access_evidence FOR EACH ROW EXECUTE FUNCTION bench_evidence_not_written()',
      ],
      after: ['DROP TRIGGER bench_evidence_not_written ON access_evidence', 'DROP FUNCTION bench_evidence_not_written()'],
    },
  },
];

/**
 * The dashboard, a list page, and a single file shown or saved, on the demo data under varied
 * traffic, beside the two ceilings: what a call costs beyond HTTP and beyond its query, for each
 * back end and each of the variants.
 */
export async function benchRequestCost(
  database: DatabaseHandle,
  options: {
    /** The names of the settings to compare; all of them when not given. */
    variants?: string[];
    databaseUrl: string;
    documentsDir: string;
    seconds: number;
    rounds: number;
    backends: ('postgres' | 'pglite')[];
    people: number;
    label: string;
  },
) {
  const variants = options.variants ? COST_VARIANTS.filter((variant) => options.variants!.includes(variant.name)) : COST_VARIANTS;
  if (variants.length === 0)
    throw new Error(`No setting is named ${options.variants!.join(', ')}: ${COST_VARIANTS.map((v) => v.name).join(', ')}`);
  const chaining = createAccessEvidenceService({
    evidence: createAccessEvidenceRepository(database.db),
    transact: createTransact(database.db),
  });
  // Events of earlier runs are chained first: what is measured after is the chaining of this run's.
  await chaining.chainPending();
  const results = [];
  for (const backend of options.backends) {
    results.push(...(await measureRequestCost({ db: database.db, ...options, backend, variants })));
  }
  const chained = options.backends.includes('postgres') ? await measureChaining(chaining) : null;
  console.table(
    results.map((r) => ({
      scenario: r.name,
      database: r.backend,
      settings: r.variant ?? '',
      'in flight': r.connections,
      ...latencyColumns(r),
      'x bare route': r.ratioToBareRoute.toFixed(3),
      'x database ceiling': r.ratioToDatabaseCeiling?.toFixed(3) ?? '',
      'server CPU ms': r.cpuMsPerRequest?.server.toFixed(2) ?? '',
      'machine CPU ms': r.cpuMsPerRequest?.machine.toFixed(2) ?? '',
    })),
  );
  const { people, seconds, rounds } = options;
  const paired = pairedWithFirstVariant(results, variants);
  if (paired.length > 0) console.table(paired);
  if (chained)
    console.log(
      `Chaining: ${chained.events} events in ${chained.seconds.toFixed(1)} s, ${chained.machineCpuMsPerEvent.toFixed(3)} CPU ms of the machine an event`,
    );
  await writeResult('request-cost', { people, seconds, rounds, variants, results, paired, chained }, options.label);
}

/**
 * What the chaining job costs for the events the calls on PostgreSQL recorded: it runs in the
 * background (once a minute), not in the calls measured, so its cost is measured apart, per event,
 * to be set beside the cost of the call that recorded it.
 */
async function measureChaining(chaining: ReturnType<typeof createAccessEvidenceService>) {
  const [started, machineBefore] = [performance.now(), await machineBusySeconds()];
  const events = await chaining.chainPending();
  const [seconds, machine] = [(performance.now() - started) / 1000, (await machineBusySeconds()) - machineBefore];
  return { events, seconds, machineCpuMsPerEvent: events > 0 ? (machine * 1000) / events : 0 };
}

/** Paired ratios as their geometric mean ± the standard error of their logarithms (as a share), and their range. */
export function pairedRatios(ratios: number[]): string {
  const logs = ratios.map((ratio) => Math.log(ratio));
  const mean = logs.reduce((sum, each) => sum + each, 0) / logs.length;
  const variance = logs.reduce((sum, each) => sum + (each - mean) ** 2, 0) / Math.max(logs.length - 1, 1);
  const standardError = Math.sqrt(variance / logs.length);
  return `${Math.exp(mean).toFixed(3)} ± ${standardError.toFixed(3)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
}

/**
 * Each result of a variant other than `first`, with each of its windows over the window of
 * `first` measured next to it (the same call, concurrency and database): requests per second and
 * machine CPU per call. Two windows of one slice of a round are measured next to each other, so
 * their ratio leaves out how the machine's speed drifts over the run.
 */
export function windowRatiosAgainst(results: CostMeasurement[], first: string) {
  return results.flatMap((result) => {
    if (result.variant === null || result.variant === first) return [];
    const reference = results.find(
      (other) =>
        other.variant === first &&
        other.name === result.name &&
        other.connections === result.connections &&
        other.backend === result.backend,
    );
    if (!reference) return [];
    const ratios = (of: (window: CostMeasurement['windows'][number]) => number) =>
      result.windows.map((window, index) => of(window) / of(reference.windows[index]!));
    return [{ result, rps: ratios((window) => window.rps), machineCpuMs: ratios((window) => window.machineCpuMs) }];
  });
}

/**
 * Each other variant against the first, call by call, window by window (`windowRatiosAgainst`).
 * Their geometric mean weighs the windows of either order alike (a median of two orders' ratios
 * falls on one of them); its standard error (of the ratios' logarithms, as a share) and the lowest
 * and highest ratio say how far a difference stands out from the spread of windows next to each other.
 */
function pairedWithFirstVariant(results: CostMeasurement[], variants: CostVariant[]) {
  const first = variants[0]!.name;
  return windowRatiosAgainst(results, first).map(({ result, rps, machineCpuMs }) => ({
    call: result.name,
    database: result.backend,
    'in flight': result.connections,
    settings: `${result.variant} / ${first}`,
    'requests/s, geometric mean of windows ± standard error (range)': pairedRatios(rps),
    'machine CPU per call, geometric mean of windows ± standard error (range)': pairedRatios(machineCpuMs),
  }));
}

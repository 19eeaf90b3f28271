import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { latencyColumns, writeResult } from './measure.js';
import { measureRequestCost, type CostVariant } from './request-cost.js';

/**
 * The server's settings measured side by side in each run (each its own process, measured in
 * turn): whether repeated reads run as prepared statements, so that what that earns is read from figures of the same run.
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
  const results = [];
  for (const backend of options.backends) {
    results.push(...(await measureRequestCost({ db: database.db, ...options, backend, variants })));
  }
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
  await writeResult('request-cost', { people, seconds, rounds, variants, results }, options.label);
}

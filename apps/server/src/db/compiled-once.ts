import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './types.js';

const ARGUMENT = Symbol('statement argument');

/** What stands for an argument while the statement is built: its name, found again among the compiled values. */
interface ArgumentMark {
  readonly [ARGUMENT]: string;
}

function isArgumentMark(value: unknown): value is ArgumentMark {
  return typeof value === 'object' && value !== null && ARGUMENT in value;
}

/**
 * A statement every signed-in call runs, built and compiled to SQL once rather than per call.
 *
 * Building a query with the query builder and compiling it costs more of a call's time than
 * running it on PostgreSQL for the small reads every call makes (the session, the type asked and
 * the person's grants). `build` receives marks in place of its arguments' values; each call then
 * sends the same text with the arguments put where their marks were compiled. Arguments must be
 * single values (a list would compile to one parameter per item) and passed through as they are:
 * what the statement needs changed (lower case, say) is changed by the caller.
 */
export function compiledOnce<Args extends Record<string, unknown>, Row>(
  db: Kysely<Database>,
  names: readonly (keyof Args & string)[],
  build: (args: Args) => Compilable<Row>,
): (args: Args) => Promise<Row[]> {
  const marks = Object.fromEntries(names.map((name) => [name, { [ARGUMENT]: name } satisfies ArgumentMark])) as unknown as Args;
  const compiled = build(marks).compile();
  type Slot = { argument: keyof Args & string } | { value: unknown };
  const slots = compiled.parameters.map((value): Slot =>
    isArgumentMark(value) ? { argument: value[ARGUMENT] as keyof Args & string } : { value },
  );
  const unused = names.filter((name) => !slots.some((slot) => 'argument' in slot && slot.argument === name));
  if (unused.length > 0) throw new Error(`compiledOnce: ${unused.join(', ')} did not reach the statement as a value`);
  return async (args) => {
    const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.value));
    const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return rows;
  };
}

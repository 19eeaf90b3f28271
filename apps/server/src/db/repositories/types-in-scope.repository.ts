import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AccessScope } from '../../search/document-search.js';
import { compiledOnce } from '../compiled-once.js';
import type { Database } from '../types.js';
import type { Report, ReportAttribute } from './documents.repository.js';

/** One criterion of a USER's grant on a type, as its grant's row reads it (all null for a grant without criteria). */
interface GrantedCriterion {
  group: number | null;
  name: string | null;
  owner: boolean | null;
  value: string | null;
}

/** The person a scope is read for. */
export interface ScopedPerson {
  id: number;
  client_id: number;
  role_code: string;
}

/** A type the person sees, with what it sees of it. */
export interface TypeInScope {
  report: Report;
  scope: AccessScope;
}

/** The criteria groups of a USER's grant, with the attributes among them that identify owners. */
function scopeOfCriteria(criteria: readonly GrantedCriterion[]): AccessScope {
  const groups = new Map<number, Record<string, string>>();
  const owners = new Set<string>();
  for (const { group, name, owner, value } of criteria) {
    if (group === null || name === null || value === null) continue;
    const fields = groups.get(group) ?? {};
    fields[name] = value;
    groups.set(group, fields);
    if (owner) owners.add(name);
  }
  return { kind: 'groups', groups: [...groups.values()], ownerAttributes: [...owners] };
}

const EVERY_DOCUMENT: AccessScope = { kind: 'all' };

/**
 * The types a person sees and its scope in each, read in the statement that finds the types: a
 * USER's grants come with the types it was given (a type without a grant is not joined), staff
 * read their client's types alone. Every signed-in list and dashboard starts here, so these are
 * compiled once and cost one round trip.
 */
export function createTypesInScopeRepository(db: Kysely<Database>) {
  /** A USER's criteria on type `r`, as one JSON list; no row at all when the USER was not given the type. */
  const grantOf = (userId: number) => (eb: ExpressionBuilder<Database & { r: Database['report_definitions'] }, 'r'>) =>
    eb
      .selectFrom('report_access as a')
      .leftJoin('access_criteria as c', 'c.access_id', 'a.id')
      .leftJoin('report_attributes as ra', 'ra.id', 'c.attribute_id')
      .select(
        sql<
          GrantedCriterion[]
        >`json_agg(json_build_object('group', c.group_number, 'name', ra.name, 'owner', ra.identifies_owner, 'value', c.value) ORDER BY c.group_number, c.attribute_id)`.as(
          'criteria',
        ),
      )
      .whereRef('a.report_id', '=', 'r.id')
      .where('a.user_id', '=', userId)
      .where('a.has_access', '=', true)
      .having(sql`count(*)`, '>', 0)
      .as('g');
  const attributesOfType = sql<
    ReportAttribute[]
  >`(SELECT coalesce(json_agg(a ORDER BY a.position, a.id), '[]'::json) FROM report_attributes a WHERE a.report_id = r.id)`.as(
    'attributes_of_type',
  );
  type Person = { userId: number; clientId: number };
  type PersonAndCode = Person & { code: string };

  const typesOfClient = compiledOnce(db, ['clientId'], (args: { clientId: number }) =>
    db.selectFrom('report_definitions as r').selectAll('r').where('r.client_id', '=', args.clientId).orderBy('r.position').orderBy('r.id'),
  );
  const typesGiven = compiledOnce(db, ['userId', 'clientId'], (args: Person) =>
    db
      .selectFrom('report_definitions as r')
      .innerJoinLateral(grantOf(args.userId), (join) => join.onTrue())
      .selectAll('r')
      .select('g.criteria')
      .where('r.client_id', '=', args.clientId)
      .orderBy('r.position')
      .orderBy('r.id'),
  );
  const typeOfClient = compiledOnce(db, ['clientId', 'code'], (args: { clientId: number; code: string }) =>
    db
      .selectFrom('report_definitions as r')
      .selectAll('r')
      .select(attributesOfType)
      .where('r.client_id', '=', args.clientId)
      .where(sql<string>`lower(r.code)`, '=', args.code),
  );
  const typeGiven = compiledOnce(db, ['userId', 'clientId', 'code'], (args: PersonAndCode) =>
    db
      .selectFrom('report_definitions as r')
      .innerJoinLateral(grantOf(args.userId), (join) => join.onTrue())
      .selectAll('r')
      .select([attributesOfType, 'g.criteria'])
      .where('r.client_id', '=', args.clientId)
      .where(sql<string>`lower(r.code)`, '=', args.code),
  );

  return {
    /** The client's types the person sees, in the client's order, each with the person's scope. */
    async typesInScope(person: ScopedPerson): Promise<TypeInScope[]> {
      if (person.role_code !== 'USER') {
        return (await typesOfClient({ clientId: person.client_id })).map((report) => ({ report, scope: EVERY_DOCUMENT }));
      }
      const rows = await typesGiven({ userId: person.id, clientId: person.client_id });
      return rows.map(({ criteria, ...report }) => ({ report, scope: scopeOfCriteria(criteria) }));
    },

    /** The type of this code (case aside) if the person sees it, with its attributes in order and the person's scope. */
    async typeInScope(person: ScopedPerson, code: string): Promise<(TypeInScope & { attributes: ReportAttribute[] }) | undefined> {
      const asked = { clientId: person.client_id, code: code.toLowerCase() };
      if (person.role_code !== 'USER') {
        const [row] = await typeOfClient(asked);
        if (!row) return undefined;
        const { attributes_of_type: attributes, ...report } = row;
        return { report, attributes, scope: EVERY_DOCUMENT };
      }
      const [row] = await typeGiven({ ...asked, userId: person.id });
      if (!row) return undefined;
      const { attributes_of_type: attributes, criteria, ...report } = row;
      return { report, attributes, scope: scopeOfCriteria(criteria) };
    },
  };
}
export type TypesInScopeRepository = ReturnType<typeof createTypesInScopeRepository>;

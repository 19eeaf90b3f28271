import { sql, type Kysely, type RawBuilder } from 'kysely';
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
  role_code: string;
}

/** A type the person sees, with what it sees of it. */
export interface TypeInScope {
  report: Report;
  scope: AccessScope;
}

/** A type the person sees; the type a call names comes with its attributes in order. */
export interface TypeSeen extends TypeInScope {
  attributes?: ReportAttribute[];
}

/** A type as the statement reads it: its row, the USER's grant criteria (null for staff), and its attributes when asked. */
export interface TypeSeenRow {
  report: Report;
  criteria: GrantedCriterion[] | null;
  attributes: ReportAttribute[] | null;
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
 * The types of the person's client it sees, in the client's order, each with its scope: staff see
 * every type and every document of it, a USER the types it was given and in each the documents
 * of its criteria.
 */
export function typesSeenOf(person: ScopedPerson, rows: readonly TypeSeenRow[]): TypeSeen[] {
  return rows.map(({ report, criteria, attributes }) => ({
    report,
    scope: person.role_code === 'USER' ? scopeOfCriteria(criteria ?? []) : EVERY_DOCUMENT,
    ...(attributes && { attributes }),
  }));
}

/**
 * The types the person of users row `u` sees, as one JSON list of TypeSeenRow in the client's
 * order: a USER's types are those it holds a grant on (a type without one is left out), staff's
 * every type of the client. The type whose lower-cased code is `asked` (null: none) comes with its
 * attributes, so that a list page finds its type, its columns and the person's scope in the
 * statement that reads its session. The role is tested inside the grant's subquery, where
 * PostgreSQL tests it once before looking any grant up: staff's calls read no grant at all.
 * `asked` is the code's value, or the mark compiledOnce puts in its place.
 */
export function typesSeenByUser(asked: unknown): RawBuilder<TypeSeenRow[]> {
  return sql<TypeSeenRow[]>`(
    SELECT coalesce(json_agg(json_build_object(
             'report', to_json(r),
             'criteria', g.criteria,
             'attributes', CASE WHEN lower(r.code) = ${asked}::text THEN
               (SELECT coalesce(json_agg(a ORDER BY a.position, a.id), '[]'::json) FROM report_attributes a WHERE a.report_id = r.id) END
           ) ORDER BY r.position, r.id), '[]'::json)
      FROM report_definitions r
      LEFT JOIN LATERAL (
        SELECT json_agg(json_build_object('group', c.group_number, 'name', ra.name, 'owner', ra.identifies_owner, 'value', c.value)
                        ORDER BY c.group_number, c.attribute_id) AS criteria
          FROM report_access ga
          LEFT JOIN access_criteria c ON c.access_id = ga.id
          LEFT JOIN report_attributes ra ON ra.id = c.attribute_id
         WHERE u.role_code = 'USER' AND ga.report_id = r.id AND ga.user_id = u.id AND ga.has_access
        HAVING count(*) > 0) g ON true
     WHERE r.client_id = u.client_id AND (u.role_code <> 'USER' OR g.criteria IS NOT NULL)
       AND NOT (r.id = ANY(u.consent_pending_types)))`;
}

/** The signed-in person of a call and the types it sees, read with its session. */
export interface Viewer<User extends ScopedPerson = ScopedPerson> {
  user: User;
  types: TypeSeen[];
}

/**
 * The types a person sees read on their own, for work that has a person but no session (jobs,
 * tests, the benchmark): a signed-in call reads them with its session (users.repository).
 */
export function createTypesInScopeRepository(db: Kysely<Database>) {
  const typesSeen = compiledOnce(db, ['userId', 'asked'], (args: { userId: number; asked: string | null }) =>
    db.selectFrom('users as u').select(typesSeenByUser(args.asked).as('types_seen')).where('u.id', '=', args.userId),
  );
  return {
    /** The person with the types it sees; `askedCode` names the type (case aside) to read with its attributes. */
    async viewerOf<User extends ScopedPerson>(user: User, askedCode: string | null = null): Promise<Viewer<User>> {
      const [row] = await typesSeen({ userId: user.id, asked: askedCode?.toLowerCase() ?? null });
      return { user, types: typesSeenOf(user, row?.types_seen ?? []) };
    },
  };
}
export type TypesInScopeRepository = ReturnType<typeof createTypesInScopeRepository>;

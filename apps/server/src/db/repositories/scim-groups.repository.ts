import { sql, type Kysely } from 'kysely';
import type { Database } from '../types.js';
import { rethrowUniqueViolation } from '../unique-violation.js';

export interface ScimGroupRow {
  id: number;
  display_name: string;
  external_id: string | null;
  created_at: Date;
  members: { id: number; name: string }[];
}

/** A group name another group of the connection has: said in domain terms. */
export class GroupNameTakenError extends Error {
  constructor(readonly displayName: string) {
    super(`the group ${displayName} exists`);
  }
}

const rethrowNameTaken = (displayName: string) => rethrowUniqueViolation(() => new GroupNameTakenError(displayName));

/** The groups a connection's provider provisions (SCIM), their members, and the roles they give. */
export function createScimGroupsRepository(db: Kysely<Database>) {
  const withMembers = (executor: Kysely<Database>, connectionId: number) =>
    executor
      .selectFrom('scim_groups as g')
      .select(['g.id', 'g.display_name', 'g.external_id', 'g.created_at'])
      .select(
        sql<
          { id: number; name: string }[]
        >`coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) ORDER BY u.id)
          FROM scim_group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = g.id), '[]')`.as('members'),
      )
      .where('g.connection_id', '=', connectionId);

  return {
    async list(connectionId: number, filter: { displayName?: string; externalId?: string }, page: { offset: number; limit: number }) {
      let query = db.selectFrom('scim_groups as g').where('g.connection_id', '=', connectionId);
      if (filter.displayName !== undefined) query = query.where(sql<string>`lower(g.display_name)`, '=', filter.displayName.toLowerCase());
      if (filter.externalId !== undefined) query = query.where('g.external_id', '=', filter.externalId);
      const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      let rows = withMembers(db, connectionId);
      if (filter.displayName !== undefined) rows = rows.where(sql<string>`lower(g.display_name)`, '=', filter.displayName.toLowerCase());
      if (filter.externalId !== undefined) rows = rows.where('g.external_id', '=', filter.externalId);
      return { total, rows: page.limit === 0 ? [] : await rows.orderBy('g.id').offset(page.offset).limit(page.limit).execute() };
    },

    find(connectionId: number, groupId: number, trx: Kysely<Database> = db): Promise<ScimGroupRow | undefined> {
      return withMembers(trx, connectionId).where('g.id', '=', groupId).executeTakeFirst();
    },

    async create(connectionId: number, group: { displayName: string; externalId: string | null }, trx: Kysely<Database>): Promise<number> {
      const row = await trx
        .insertInto('scim_groups')
        .values({ connection_id: connectionId, display_name: group.displayName, external_id: group.externalId })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(rethrowNameTaken(group.displayName));
      return row.id;
    },

    async rename(groupId: number, group: { displayName: string; externalId: string | null }, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('scim_groups')
        .set({ display_name: group.displayName, external_id: group.externalId })
        .where('id', '=', groupId)
        .execute()
        .catch(rethrowNameTaken(group.displayName));
    },

    async setMembers(groupId: number, userIds: number[], trx: Kysely<Database>): Promise<void> {
      await trx.deleteFrom('scim_group_members').where('group_id', '=', groupId).execute();
      if (userIds.length > 0) {
        await trx
          .insertInto('scim_group_members')
          .values([...new Set(userIds)].map((userId) => ({ group_id: groupId, user_id: userId })))
          .execute();
      }
    },

    async remove(groupId: number, trx: Kysely<Database>): Promise<void> {
      await trx.deleteFrom('scim_groups').where('id', '=', groupId).execute();
    },

    /** Which of these ids are people of the client SCIM may manage (never a super user). */
    async peopleAmong(clientId: number, userIds: number[], trx: Kysely<Database> = db): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await trx
        .selectFrom('users')
        .select('id')
        .where('client_id', '=', clientId)
        .where('role_code', '<>', 'SUPER_USER')
        .where('id', 'in', userIds)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Each person's current role and the names of the connection's groups it belongs to. */
    async rolesAndGroups(connectionId: number, userIds: number[], trx: Kysely<Database>) {
      if (userIds.length === 0) return [];
      return trx
        .selectFrom('users as u')
        .select(['u.id', 'u.role_code', 'u.experience_id'])
        .select(
          sql<string[]>`coalesce((SELECT array_agg(g.display_name) FROM scim_group_members m JOIN scim_groups g ON g.id = m.group_id
            WHERE m.user_id = u.id AND g.connection_id = ${connectionId}), '{}')`.as('groups'),
        )
        .where('u.id', 'in', userIds)
        .execute();
    },

    async place(userId: number, placement: { role: string; experienceId: number }, trx: Kysely<Database>): Promise<void> {
      await trx
        .updateTable('users')
        .set({ role_code: placement.role, experience_id: placement.experienceId })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type ScimGroupsRepository = ReturnType<typeof createScimGroupsRepository>;

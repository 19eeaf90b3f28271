import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { endpoints } from '@portal/contract';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { createDocumentAccessRepository } from '../src/db/repositories/document-access.repository.js';
import { createUsersRepository } from '../src/db/repositories/users.repository.js';
import { hashSecret } from '../src/services/tokens.js';
import { SESSION_COOKIE } from '../src/plugins/session.plugin.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { answerOf } from './wire.js';

/**
 * A call that lists or opens documents reads its session, its person and the types the person
 * sees in one statement: the dashboard and a list page each send two statements in all.
 */

/** The database handle with every statement sent through it counted. */
function countingStatements(database: DatabaseHandle) {
  let sent = 0;
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => {
      sent++;
      return result;
    },
  };
  const handle: DatabaseHandle = {
    ...database,
    db: database.db.withPlugin(counter),
    withStatementTimeout: (milliseconds) => database.withStatementTimeout(milliseconds).withPlugin(counter),
    reads: (milliseconds) => database.reads(milliseconds).withPlugin(counter),
  };
  return { handle, sentDuring: async (work: () => Promise<unknown>) => ((sent = 0), await work(), sent) };
}

let t: TestApp;
let fixture: DocumentsFixture;
let counted: FastifyInstance;
let sentDuring: (work: () => Promise<unknown>) => Promise<number>;
const cookies: Record<'reader' | 'staff', string> = { reader: '', staff: '' };
beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  cookies.reader = await signIn(t, fixture.reader);
  cookies.staff = await signIn(t, fixture.staff);
  const counting = countingStatements(t.database);
  sentDuring = counting.sentDuring;
  counted = await buildApp({ config: t.config, database: counting.handle, logger: false });
  await counted.ready();
});
afterAll(async () => {
  await counted.close();
  await t.close();
});

const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(`${SESSION_COOKIE}=`.length).split(';')[0]!);

describe('the types a person sees, read with its session', () => {
  it('costs the dashboard and a list page one statement each beside their own', async () => {
    for (const cookie of Object.values(cookies)) {
      let answer: unknown;
      expect(
        await sentDuring(async () => {
          answer = await counted.inject({ url: '/Dashboard/GetReports', headers: { cookie } });
        }),
      ).toBe(2);
      expect(answerOf(endpoints.getReports, answer as never).ReportsInfos.length).toBeGreaterThan(0);
      expect(
        await sentDuring(async () => {
          answer = await counted.inject({
            method: 'POST',
            url: `/Dashboard/ReportData/${TYPES.statements.code}`,
            payload: {},
            headers: { cookie },
          });
        }),
      ).toBe(2);
      expect(answerOf(endpoints.reportData, answer as never).Results.length).toBeGreaterThan(0);
    }
  });

  it('reads the same types and scopes as read on their own, the type asked alone with its attributes, whatever the case of its code', async () => {
    const users = createUsersRepository(t.database.db);
    const access = createDocumentAccessRepository(t.database.db);
    for (const cookie of Object.values(cookies)) {
      const found = (await users.findBySession(hashSecret(tokenOf(cookie)), new Date(0), { askedCode: TYPES.notices.code.toUpperCase() }))!;
      const alone = await access.viewerOf(found.user, TYPES.notices.code);
      expect(found.types).toEqual(alone.types);
      expect(found.types!.filter((type) => type.attributes).map((type) => type.report.code)).toEqual([TYPES.notices.code]);
      expect(found.types!.find((type) => type.attributes)!.attributes!.map((attribute) => attribute.name)).toEqual(
        (
          await t.database.db
            .selectFrom('report_attributes')
            .select('name')
            .where('report_id', '=', fixture.reportIds[TYPES.notices.code]!)
            .orderBy('position')
            .orderBy('id')
            .execute()
        ).map((row) => row.name),
      );
    }
    const reader = (await users.findBySession(hashSecret(tokenOf(cookies.reader)), new Date(0), { askedCode: null }))!;
    const staff = (await users.findBySession(hashSecret(tokenOf(cookies.staff)), new Date(0), { askedCode: null }))!;
    // The reader sees the types it was given, each narrowed to its owner; staff every type of the client, whole.
    expect(reader.types!.map((type) => [type.report.code, type.scope.kind])).toEqual(
      [TYPES.statements, TYPES.taxSlips, TYPES.notices].map((type) => [type.code, 'groups']),
    );
    expect(staff.types!.map((type) => [type.report.code, type.scope.kind])).toEqual(
      [TYPES.statements, TYPES.taxSlips, TYPES.notices, TYPES.letters].map((type) => [type.code, 'all']),
    );
    expect(reader.types!.every((type) => type.attributes === undefined)).toBe(true);
  });

  it('answers a type code that cannot be one as any other refused request, before the database sees it', async () => {
    for (const code of ['%00statements', 'x'.repeat(65), 'no-such-type']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/Dashboard/ReportData/${code}`,
        payload: {},
        headers: { cookie: cookies.reader },
      });
      expect(response.statusCode, code).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, code).toBeLessThan(500);
    }
  });
});

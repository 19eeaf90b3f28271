import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_DOCUMENT_TYPE_ERROR_KEYS as KEYS, endpoints, type ConsoleDocumentType } from '@portal/contract';
import { sql, type CompiledQuery } from 'kysely';
import { insertDocuments, insertReportDefinition } from '../src/db/seed/factories.js';
import { recordingDocuments } from './recording-documents.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
const clientIds: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const client of await t.database.db.selectFrom('clients').select(['id', 'code']).execute()) clientIds[client.code] = client.id;
  for (const username of ['demo.super', 'demo.internal', 'demo.admin', 'demo.user', 'lau.admin']) {
    cookies[username] = await signIn(t, username);
  }
});
afterAll(() => t.close());

const base = (clientId: number | string) => `/api/console/clients/${clientId}/document-types`;
const as = (username: string) => {
  const headers = { cookie: cookies[username]! };
  return {
    list: (clientId: number | string) => t.app.inject({ url: base(clientId), headers }),
    updateType: (clientId: number, typeId: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `${base(clientId)}/${typeId}`, payload, headers }),
    updateAttribute: (clientId: number, typeId: number, attributeId: number, payload: object) =>
      t.app.inject({ method: 'PUT', url: `${base(clientId)}/${typeId}/attributes/${attributeId}`, payload, headers }),
    reorder: (clientId: number, typeId: number, attributeIds: number[]) =>
      t.app.inject({ method: 'PUT', url: `${base(clientId)}/${typeId}/attribute-order`, payload: { attributeIds }, headers }),
    reports: () => t.app.inject({ url: '/Dashboard/GetReports', headers }),
    reportData: (code: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/Dashboard/ReportData/${code}`, payload, headers }),
  };
};

const typesOf = async (clientCode: string) =>
  answerOf(endpoints.listConsoleDocumentTypes, await as('demo.super').list(clientIds[clientCode]!)).data;
const typeOf = async (code: string) => (await typesOf(code.split('-')[0]!)).find((type) => type.code === code)!;
const typeSettings = (type: ConsoleDocumentType) => ({
  titleEn: type.titleEn,
  titleFr: type.titleFr,
  sortBy: type.sortBy,
  sortDesc: type.sortDesc,
  retentionDays: type.retentionDays,
  onboardingEnabled: type.onboardingEnabled,
});
const attributeSettings = (attribute: ConsoleDocumentType['attributes'][number]) => ({
  displayNameEn: attribute.displayNameEn,
  displayNameFr: attribute.displayNameFr,
  descriptionEn: attribute.descriptionEn,
  descriptionFr: attribute.descriptionFr,
  showInColumn: attribute.showInColumn,
  isSearchable: attribute.isSearchable,
  identifiesOwner: attribute.identifiesOwner,
});
const lastAudit = (action: string) =>
  t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('who may edit document types', () => {
  it('lists any client’s types to a super user, and its own client’s to internal staff', async () => {
    const nbf = answerOf(endpoints.listConsoleDocumentTypes, await as('demo.super').list(clientIds.NBF!)).data;
    expect(nbf.map((type) => type.code)).toEqual(['NBF-STMT', 'NBF-TAX', 'NBF-NOTICE']);
    expect(nbf[0]!.attributes.map((a) => a.name)).toContain('closingBalance');
    expect(nbf[0]).toMatchObject({ sortBy: 'date', sortDesc: true, retentionDays: null });
    const own = answerOf(endpoints.listConsoleDocumentTypes, await as('demo.internal').list(clientIds.NBF!)).data;
    expect(own.map((type) => type.code)).toEqual(nbf.map((type) => type.code));
  });

  it('refuses internal staff another client, and every other role, before reading the request', async () => {
    const lau = await typeOf('LAU-BILL');
    for (const [username, request] of [
      ['demo.internal', as('demo.internal').list(clientIds.LAU!)],
      ['demo.internal', as('demo.internal').updateType(clientIds.LAU!, lau.id, typeSettings(lau))],
      // A junk body to a client out of reach: 403, not a 400 that describes the schema.
      ['demo.internal', as('demo.internal').updateAttribute(clientIds.LAU!, lau.id, lau.attributes[0]!.id, { junk: true })],
      ['demo.internal', as('demo.internal').reorder(clientIds.LAU!, lau.id, [])],
      ['demo.admin', as('demo.admin').list(clientIds.NBF!)],
      ['lau.admin', as('lau.admin').updateType(clientIds.LAU!, lau.id, { junk: true })],
      ['demo.user', as('demo.user').updateAttribute(clientIds.LAU!, lau.id, lau.attributes[0]!.id, {})],
    ] as const) {
      const refused = await request;
      expect(refused.statusCode, username).toBe(403);
      expect(refusalOf(refused).error).toBe('errors.forbidden');
    }
  });

  it('answers 404 for a type of another client named under this one', async () => {
    const lau = await typeOf('LAU-BILL');
    const refused = await as('demo.super').updateType(clientIds.NBF!, lau.id, typeSettings(lau));
    expect(refused.statusCode).toBe(404);
    expect(refusalOf(refused).error).toBe(KEYS.documentTypeNotFound);
    const attribute = await as('demo.super').updateAttribute(clientIds.NBF!, (await typeOf('NBF-TAX')).id, lau.attributes[0]!.id, {
      ...attributeSettings(lau.attributes[0]!),
    });
    expect(refusalOf(attribute).error).toBe(KEYS.attributeNotFound);
  });
});

describe('a type’s settings', () => {
  it('renames a type, seen on the user’s dashboard, and audits before and after with its client', async () => {
    const before = await typeOf('NBF-STMT');
    const changed = { ...typeSettings(before), titleEn: '  Monthly statements ', titleFr: 'Relevés mensuels', retentionDays: 3650 };
    const saved = answerOf(
      endpoints.updateConsoleDocumentType,
      await as('demo.internal').updateType(clientIds.NBF!, before.id, changed),
    ).data;
    expect(saved).toMatchObject({ titleEn: 'Monthly statements', titleFr: 'Relevés mensuels', retentionDays: 3650 });
    const dashboard = answerOf(endpoints.getReports, await as('demo.user').reports());
    expect(dashboard.ReportsInfos.find((r) => r.Code === 'NBF-STMT')).toMatchObject({
      TitleEn: 'Monthly statements',
      TitleFr: 'Relevés mensuels',
    });
    const audit = await lastAudit('updateDocumentType');
    expect(audit.client_id).toBe(clientIds.NBF);
    expect(audit.before).toMatchObject({ titleEn: before.titleEn, retentionDays: null });
    expect(audit.after).toMatchObject({ titleEn: 'Monthly statements', retentionDays: 3650 });
    answerOf(endpoints.updateConsoleDocumentType, await as('demo.super').updateType(clientIds.NBF!, before.id, typeSettings(before)));
    expect(typeSettings(await typeOf('NBF-STMT'))).toEqual(typeSettings(before));
  });

  it('sets the default sort the user’s dashboard hands to the list', async () => {
    const before = await typeOf('NBF-TAX');
    answerOf(
      endpoints.updateConsoleDocumentType,
      await as('demo.super').updateType(clientIds.NBF!, before.id, { ...typeSettings(before), sortBy: 'slipType', sortDesc: false }),
    );
    const dashboard = answerOf(endpoints.getReports, await as('demo.user').reports());
    expect(dashboard.ReportsInfos.find((r) => r.Code === 'NBF-TAX')!.DisplayProperties).toEqual({ sortBy: 'slipType', sortDesc: false });
    // The list sorts by it as the dashboard asks.
    const page = answerOf(endpoints.reportData, await as('demo.user').reportData('NBF-TAX', { sortBy: 'slipType', sortDirection: 'asc' }));
    const slips = page.Results.map((row) => String(row.slipType));
    expect(slips).toEqual([...slips].sort());
    answerOf(endpoints.updateConsoleDocumentType, await as('demo.super').updateType(clientIds.NBF!, before.id, typeSettings(before)));
  });

  it('refuses bad titles, sorts and retentions with their keys, changing nothing', async () => {
    const before = await typeOf('NBF-NOTICE');
    const cases: [object, string][] = [
      [{ titleEn: '   ' }, KEYS.titleRequired],
      [{ titleFr: 'x'.repeat(201) }, KEYS.titleTooLong],
      [{ sortBy: 'noSuchAttribute' }, KEYS.sortInvalid],
      [{ retentionDays: 0 }, 'validation.retentionDaysInvalid'],
      [{ retentionDays: 36_501 }, 'validation.retentionDaysInvalid'],
      [{ retentionDays: 1.5 }, 'validation.retentionDaysInvalid'],
    ];
    for (const [change, key] of cases) {
      const refused = await as('demo.super').updateType(clientIds.NBF!, before.id, { ...typeSettings(before), ...change });
      expect(refused.statusCode, key).toBe(400);
      const refusal = refusalOf(refused);
      expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)], key).toContain(key);
    }
    expect(await typeOf('NBF-NOTICE')).toEqual(before);
  });

  it('puts attributes in a new order, shown in the list’s columns, and refuses an incomplete order', async () => {
    const before = await typeOf('NBF-NOTICE');
    const reversed = before.attributes.map((a) => a.id).reverse();
    const saved = answerOf(endpoints.reorderConsoleAttributes, await as('demo.super').reorder(clientIds.NBF!, before.id, reversed)).data;
    expect(saved.attributes.map((a) => a.id)).toEqual(reversed);
    const page = answerOf(endpoints.reportData, await as('demo.user').reportData('NBF-NOTICE'));
    expect(page.Config.Attributes.map((a) => a.Name)).toEqual(saved.attributes.map((a) => a.name));
    expect((await lastAudit('updateDocumentType')).after).toMatchObject({ attributeOrder: saved.attributes.map((a) => a.name) });
    for (const ids of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), 999_999]]) {
      const refused = await as('demo.super').reorder(clientIds.NBF!, before.id, ids);
      expect(refused.statusCode).toBe(400);
      expect(refusalOf(refused).error).toBe(KEYS.attributeOrderInvalid);
    }
    answerOf(
      endpoints.reorderConsoleAttributes,
      await as('demo.super').reorder(
        clientIds.NBF!,
        before.id,
        before.attributes.map((a) => a.id),
      ),
    );
  });
});

describe('an attribute’s settings', () => {
  it('renames an attribute and hides its column, as the user’s list shows, audited before and after', async () => {
    const type = await typeOf('NBF-STMT');
    const attribute = type.attributes.find((a) => a.name === 'closingBalance')!;
    const renamed = { ...attributeSettings(attribute), displayNameEn: 'Balance at close', displayNameFr: 'Solde à la clôture' };
    answerOf(endpoints.updateConsoleAttribute, await as('demo.internal').updateAttribute(clientIds.NBF!, type.id, attribute.id, renamed));
    let page = answerOf(endpoints.reportData, await as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.Attributes.find((a) => a.Name === 'closingBalance')).toMatchObject({
      DisplayNameEN: 'Balance at close',
      DisplayNameFR: 'Solde à la clôture',
      ShowInColumn: true,
    });
    expect(page.Config.DisplayedAttributes).toContain('closingBalance');
    const audit = await lastAudit('updateAttribute');
    expect(audit.client_id).toBe(clientIds.NBF);
    expect(audit.before).toMatchObject({ name: 'closingBalance', displayNameEn: attribute.displayNameEn });
    expect(audit.after).toMatchObject({ name: 'closingBalance', displayNameEn: 'Balance at close' });

    answerOf(
      endpoints.updateConsoleAttribute,
      await as('demo.internal').updateAttribute(clientIds.NBF!, type.id, attribute.id, { ...renamed, showInColumn: false }),
    );
    page = answerOf(endpoints.reportData, await as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.DisplayedAttributes).not.toContain('closingBalance');
    answerOf(
      endpoints.updateConsoleAttribute,
      await as('demo.internal').updateAttribute(clientIds.NBF!, type.id, attribute.id, attributeSettings(attribute)),
    );
  });

  it('gives values that are words both languages, seen in the user’s list, and refuses blank, repeated or too many', async () => {
    const type = await typeOf('NBF-NOTICE');
    const attribute = type.attributes.find((a) => a.name === 'noticeType')!;
    // The demo's notice types are words, with their French.
    expect(attribute.valueLabels).toContainEqual({ value: 'Renewal', en: 'Renewal', fr: 'Renouvellement' });
    const labels = [
      { value: 'Renewal', en: 'Renewal notice', fr: '  Avis de renouvellement ' },
      { value: 'Privacy', en: 'Privacy', fr: 'Confidentialité' },
    ];
    const saved = answerOf(
      endpoints.updateConsoleAttribute,
      await as('demo.internal').updateAttribute(clientIds.NBF!, type.id, attribute.id, {
        ...attributeSettings(attribute),
        valueLabels: labels,
      }),
    );
    expect(saved.data.attributes.find((a) => a.id === attribute.id)!.valueLabels).toEqual([
      { value: 'Renewal', en: 'Renewal notice', fr: 'Avis de renouvellement' },
      labels[1],
    ]);
    const page = answerOf(endpoints.reportData, await as('demo.user').reportData('NBF-NOTICE'));
    expect(page.Config.Attributes.find((a) => a.Name === 'noticeType')!.ValueLabels).toEqual([
      { Value: 'Renewal', LabelEn: 'Renewal notice', LabelFr: 'Avis de renouvellement' },
      { Value: 'Privacy', LabelEn: 'Privacy', LabelFr: 'Confidentialité' },
    ]);
    // Values stay as documents carry them; an attribute without words says nothing of them.
    expect(page.Results.some((row) => row.noticeType === 'Renewal')).toBe(true);
    expect(page.Config.Attributes.find((a) => a.Name === 'accountNumber')).not.toHaveProperty('ValueLabels');
    // Left out, the words stay.
    answerOf(
      endpoints.updateConsoleAttribute,
      await as('demo.internal').updateAttribute(clientIds.NBF!, type.id, attribute.id, attributeSettings(attribute)),
    );
    expect((await typeOf('NBF-NOTICE')).attributes.find((a) => a.id === attribute.id)!.valueLabels).toHaveLength(2);

    const refused = async (valueLabels: unknown, key: string) => {
      const answer = await as('demo.internal').updateAttribute(clientIds.NBF!, type.id, attribute.id, {
        ...attributeSettings(attribute),
        valueLabels,
      });
      expect(answer.statusCode, key).toBe(400);
      const refusal = refusalOf(answer);
      expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)], key).toContain(key);
    };
    await refused([{ value: ' ', en: 'A', fr: 'B' }], KEYS.valueRequired);
    await refused([{ value: 'Renewal', en: 'Renewal', fr: '' }], KEYS.valueLabelRequired);
    await refused([labels[1], labels[1]], KEYS.valueLabelDuplicate);
    await refused(
      Array.from({ length: 101 }, (_, i) => ({ value: `V${i}`, en: 'A', fr: 'B' })),
      KEYS.valueLabelsTooMany,
    );
    expect((await typeOf('NBF-NOTICE')).attributes.find((a) => a.id === attribute.id)!.valueLabels).toHaveLength(2);
    answerOf(
      endpoints.updateConsoleAttribute,
      await as('demo.internal').updateAttribute(clientIds.NBF!, type.id, attribute.id, {
        ...attributeSettings(attribute),
        valueLabels: attribute.valueLabels,
      }),
    );
    expect(await typeOf('NBF-NOTICE')).toEqual(type);
  });

  it('gives amounts a currency, handed to the user’s list, and refuses one not in the list', async () => {
    const type = await typeOf('NBF-STMT');
    const attribute = type.attributes.find((a) => a.name === 'closingBalance')!;
    // The demo's balances are in Canadian dollars; account numbers are no amounts.
    expect(attribute.currency).toBe('CAD');
    let page = answerOf(endpoints.reportData, await as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.Attributes.find((a) => a.Name === 'closingBalance')!.Currency).toBe('CAD');
    expect(page.Config.Attributes.find((a) => a.Name === 'accountNumber')).not.toHaveProperty('Currency');

    const update = (currency: unknown) =>
      as('demo.super').updateAttribute(clientIds.NBF!, type.id, attribute.id, { ...attributeSettings(attribute), currency });
    answerOf(endpoints.updateConsoleAttribute, await update('EUR'));
    page = answerOf(endpoints.reportData, await as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.Attributes.find((a) => a.Name === 'closingBalance')!.Currency).toBe('EUR');
    answerOf(endpoints.updateConsoleAttribute, await update(null));
    page = answerOf(endpoints.reportData, await as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.Attributes.find((a) => a.Name === 'closingBalance')).not.toHaveProperty('Currency');

    for (const invalid of ['XYZ', 'cad', 12]) {
      const refused = await update(invalid);
      expect(refused.statusCode).toBe(400);
      const refusal = refusalOf(refused);
      expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)]).toContain(KEYS.currencyInvalid);
    }
    answerOf(endpoints.updateConsoleAttribute, await update('CAD'));
    expect(await typeOf('NBF-STMT')).toEqual(type);
  });

  it('keeps the column of the attribute the list sorts by, and refuses blank names', async () => {
    const type = await typeOf('NBF-TAX');
    const attribute = type.attributes.find((a) => a.name === 'slipType')!;
    answerOf(
      endpoints.updateConsoleDocumentType,
      await as('demo.super').updateType(clientIds.NBF!, type.id, { ...typeSettings(type), sortBy: 'slipType' }),
    );
    const hidden = await as('demo.super').updateAttribute(clientIds.NBF!, type.id, attribute.id, {
      ...attributeSettings(attribute),
      showInColumn: false,
    });
    expect(hidden.statusCode).toBe(400);
    expect(refusalOf(hidden).error).toBe(KEYS.attributeIsDefaultSort);
    const blank = await as('demo.super').updateAttribute(clientIds.NBF!, type.id, attribute.id, {
      ...attributeSettings(attribute),
      displayNameFr: ' ',
    });
    expect(blank.statusCode).toBe(400);
    const refusal = refusalOf(blank);
    expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)]).toContain(KEYS.displayNameRequired);
    answerOf(endpoints.updateConsoleDocumentType, await as('demo.super').updateType(clientIds.NBF!, type.id, typeSettings(type)));
    expect(await typeOf('NBF-TAX')).toEqual(type);
  });

  it('builds the indexes of an attribute made searchable and identifying owners, and the whole type’s search then reads them, not the table', async () => {
    const { db } = t.database;
    const { reportId, attributeIds } = await insertReportDefinition(db, {
      client_id: clientIds.NBF!,
      code: 'NBF-POLICY',
      title_en: 'Policies',
      title_fr: 'Polices',
      position: 9,
      attributes: [
        { name: 'policyRef', en: 'Policy', fr: 'Police', showInColumn: false },
        { name: 'policyPremium', en: 'Premium', fr: 'Prime' },
      ],
    });
    // The factory builds every attribute's search indexes: an attribute that never was searchable has none.
    await db.updateTable('report_attributes').set({ is_searchable: false }).where('id', '=', attributeIds.policyRef!).execute();
    for (const index of [
      'documents_prefix_policyref_idx',
      'documents_suffix_policyref_idx',
      'documents_trgm_policyref_idx',
      'documents_sort_policyref_idx',
    ]) {
      await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
    }
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      report_id: reportId,
      document_date: '2026-01-01',
      attributes: { policyRef: `POL-${String(i).padStart(5, '0')}` },
      file_key: `policy-${i}.pdf`,
    }));
    for (let i = 0; i < rows.length; i += 1000) await insertDocuments(db, rows.slice(i, i + 1000));
    await sql`ANALYZE documents`.execute(db);
    const indexNames = async () =>
      (await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = 'documents'`.execute(db)).rows.map(
        (row) => row.indexname,
      );
    expect((await indexNames()).filter((name) => name.includes('policyref'))).toEqual([]);

    const type = (await typesOf('NBF')).find((candidate) => candidate.id === reportId)!;
    const attribute = type.attributes[0]!;
    answerOf(
      endpoints.updateConsoleAttribute,
      await as('demo.super').updateAttribute(clientIds.NBF!, reportId, attribute.id, {
        ...attributeSettings(attribute),
        isSearchable: true,
        showInColumn: true,
        identifiesOwner: true,
      }),
    );
    expect(await indexNames()).toEqual(
      expect.arrayContaining([
        'documents_prefix_policyref_idx',
        'documents_suffix_policyref_idx',
        'documents_trgm_policyref_idx',
        'documents_sort_policyref_idx',
        'documents_owner_policyref_idx',
        // An owner's documents sorted by the type's other column.
        `documents_ownersort_${reportId}_policyref_policypremium_idx`,
      ]),
    );
    // Marked as identifying owners: its values became owner keys in the same transaction.
    const keys = await db
      .selectFrom('document_owner_keys')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('report_id', '=', reportId)
      .where('name', '=', 'policyRef')
      .executeTakeFirstOrThrow();
    expect(keys.n).toBe(rows.length);

    // The list's own queries, as the repository writes them for a whole type, explained: on the
    // documents' own indexes, as a search matching many owners reads them (one matching few owners
    // reads their keys instead, see owner-values.test.ts).
    const { documents, recorded } = recordingDocuments(db, { readsOwnerValues: false });
    const search = {
      reportId,
      scope: { kind: 'all' as const },
      viewerId: 0,
      advanced: [],
      dateRange: { from: null, to: null },
      paging: { limit: 25, offset: 0 },
    };
    const equal = await documents.page({
      ...search,
      quick: { operation: 'equal', fields: ['policyRef'], text: 'pol-01234' },
      sort: { attribute: null, direction: 'desc' },
    });
    expect(equal.rows.map((row) => row.attributes.policyRef)).toEqual(['POL-01234']);
    const sorted = await documents.page({ ...search, quick: null, sort: { attribute: 'policyRef', ordering: 'number', direction: 'asc' } });
    expect(sorted.rows[0]!.attributes.policyRef).toBe('POL-00000');
    // Ends-with, a wildcard of LIKE in the text included: the reversed value's prefix range.
    const endsWith = await documents.page({
      ...search,
      quick: { operation: 'endsWith', fields: ['policyRef'], text: '1_34' },
      sort: { attribute: null, direction: 'desc' },
    });
    expect(endsWith.rows).toEqual([]);
    const endingIn = await documents.page({
      ...search,
      quick: { operation: 'endsWith', fields: ['policyRef'], text: '-0123' },
      sort: { attribute: null, direction: 'desc' },
    });
    expect(endingIn.rows).toEqual([]);
    const ending = await documents.page({
      ...search,
      quick: { operation: 'endsWith', fields: ['policyRef'], text: 'L-01234' },
      sort: { attribute: null, direction: 'desc' },
    });
    expect(ending.rows.map((row) => row.attributes.policyRef)).toEqual(['POL-01234']);

    interface PlanNode {
      'Node Type': string;
      'Relation Name'?: string;
      'Index Name'?: string;
      Plans?: PlanNode[];
    }
    const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
    const planOf = async (query: CompiledQuery) => {
      const result = await db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>({ ...query, sql: `EXPLAIN (FORMAT JSON) ${query.sql}` });
      return nodesOf(result.rows[0]!['QUERY PLAN'][0]!.Plan);
    };
    const pageQueries = recorded.filter((query) => query.sql.includes('order by') && query.sql.includes('document_views'));
    expect(pageQueries).toHaveLength(5);
    const [searchPlan, sortPlan, , , suffixPlan] = await Promise.all(pageQueries.map(planOf));
    expect(suffixPlan!.map((node) => node['Index Name'])).toContain('documents_suffix_policyref_idx');
    for (const plan of [searchPlan!, sortPlan!, suffixPlan!]) {
      expect(plan.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'documents')).toBe(false);
    }
    expect(searchPlan!.map((node) => node['Index Name'])).toContain('documents_prefix_policyref_idx');
    expect(sortPlan!.map((node) => node['Index Name'])).toContain('documents_sort_policyref_idx');

    // Ordered as text, the column has an index of its own, and the list walks it.
    const shown = (await typesOf('NBF')).find((candidate) => candidate.id === reportId)!.attributes[0]!;
    answerOf(
      endpoints.updateConsoleAttribute,
      await as('demo.super').updateAttribute(clientIds.NBF!, reportId, attribute.id, { ...attributeSettings(shown), ordering: 'text' }),
    );
    expect(await indexNames()).toContain('documents_textsort_policyref_idx');
    recorded.length = 0;
    await documents.page({ ...search, quick: null, sort: { attribute: 'policyRef', ordering: 'text', direction: 'desc' } });
    const [textPlan] = await Promise.all(recorded.filter((query) => query.sql.includes('document_views')).map(planOf));
    expect(textPlan!.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'documents')).toBe(false);
    expect(textPlan!.map((node) => node['Index Name'])).toContain('documents_textsort_policyref_idx');
  });

  it('sorts a column as numbers, then text, or as text alone, as its ordering says, audited', async () => {
    const { db } = t.database;
    const { reportId, attributeIds } = await insertReportDefinition(db, {
      client_id: clientIds.NBF!,
      code: 'NBF-ORDERED',
      title_en: 'Receipts',
      title_fr: 'Reçus',
      position: 10,
      attributes: [{ name: 'receiptRef', en: 'Receipt', fr: 'Reçu' }],
    });
    await db
      .updateTable('report_definitions')
      .set({ display_properties: JSON.stringify({ sortBy: 'receiptRef', sortDesc: false }) })
      .where('id', '=', reportId)
      .execute();
    const values = ['10', 'B7', '9', '2.5', 'A12', '100'];
    await insertDocuments(
      db,
      values.map((value, i) => ({
        report_id: reportId,
        document_date: '2026-02-01',
        attributes: { receiptRef: value },
        file_key: `r-${i}.pdf`,
      })),
    );
    const listed = async () =>
      answerOf(
        endpoints.reportData,
        await as('demo.internal').reportData('NBF-ORDERED', { sortBy: 'receiptRef', sortDirection: 'asc' }),
      ).Results.map((row) => row.receiptRef);

    const attribute = (await typeOf('NBF-ORDERED')).attributes[0]!;
    expect(attribute.ordering).toBe('number');
    expect(await listed()).toEqual(['2.5', '9', '10', '100', 'A12', 'B7']);

    const toText = await as('demo.internal').updateAttribute(clientIds.NBF!, reportId, attributeIds.receiptRef!, {
      ...attributeSettings(attribute),
      ordering: 'text',
    });
    expect(answerOf(endpoints.updateConsoleAttribute, toText).data.attributes[0]!.ordering).toBe('text');
    expect(await listed()).toEqual(['10', '100', '2.5', '9', 'A12', 'B7']);
    const audit = await lastAudit('updateAttribute');
    expect(audit.before).toMatchObject({ name: 'receiptRef', ordering: 'number' });
    expect(audit.after).toMatchObject({ name: 'receiptRef', ordering: 'text' });

    // Left out, the ordering stays; an unknown one is refused with its key.
    answerOf(
      endpoints.updateConsoleAttribute,
      await as('demo.internal').updateAttribute(clientIds.NBF!, reportId, attributeIds.receiptRef!, attributeSettings(attribute)),
    );
    expect((await typeOf('NBF-ORDERED')).attributes[0]!.ordering).toBe('text');
    const junk = await as('demo.internal').updateAttribute(clientIds.NBF!, reportId, attributeIds.receiptRef!, {
      ...attributeSettings(attribute),
      ordering: 'alphabetical',
    });
    expect(junk.statusCode).toBe(400);
    const refusal = refusalOf(junk);
    expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)]).toContain(KEYS.orderingInvalid);
  });
});

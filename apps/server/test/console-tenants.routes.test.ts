import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_TENANT_ERROR_KEYS, endpoints, type BrandColors } from '@portal/contract';
import { buildApp } from '../src/app.js';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
const clientIds: Record<string, number> = {};
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const client of await t.database.db.selectFrom('clients').select(['id', 'code']).execute()) clientIds[client.code] = client.id;
  for (const username of ['demo.super', 'demo.internal', 'demo.admin', 'lau.admin']) cookies[username] = await signIn(t, username);
});
afterAll(() => t.close());

const as = (username: string) => {
  const headers = { cookie: cookies[username]! };
  return {
    clients: () => t.app.inject({ url: '/api/console/clients', headers }),
    updateClient: (id: number | string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/console/clients/${id}`, payload, headers }),
    completeness: (id: number) => t.app.inject({ url: `/api/console/clients/${id}/completeness`, headers }),
    brand: (id: number) => t.app.inject({ url: `/api/console/experiences/${id}`, headers }),
    updateBrand: (id: number, payload: object) => t.app.inject({ method: 'PUT', url: `/api/console/experiences/${id}`, payload, headers }),
  };
};
const experienceId = async (code: string) =>
  (await t.database.db.selectFrom('experiences').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const clientSettings = async (username: string, code: string) => {
  const listed = answerOf(endpoints.listConsoleClients, await as(username).clients()).data;
  const { nameEn, nameFr, onboardingEnabled, blockDuplicates, smsAllowed, roleNames } = listed.find((client) => client.code === code)!;
  return { nameEn, nameFr, onboardingEnabled, blockDuplicates, smsAllowed, roleNames };
};
const auditOf = (action: string) =>
  t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('clients in the tenant console', () => {
  it('lists every client to a super user and its own to internal staff', async () => {
    const all = answerOf(endpoints.listConsoleClients, await as('demo.super').clients()).data;
    expect(all.map((client) => client.code).sort()).toEqual(['LAU', 'NBF']);
    expect(all.find((client) => client.code === 'NBF')!.experiences.map((e) => e.code)).toEqual(['NBF', 'NBW', 'NBI', 'NBB', 'NBP', 'NBD']);
    const own = answerOf(endpoints.listConsoleClients, await as('demo.internal').clients()).data;
    expect(own.map((client) => client.code)).toEqual(['NBF']);
  });

  it('refuses administrators, and internal staff another client, before reading the request', async () => {
    expect((await as('demo.admin').clients()).statusCode).toBe(403);
    const refused = await as('demo.internal').updateClient(clientIds.LAU!, await clientSettings('demo.super', 'LAU'));
    expect(refused.statusCode).toBe(403);
    expect(refusalOf(refused).error).toBe('errors.forbidden');
  });

  it('changes names, settings and role names in one audited transaction', async () => {
    const before = await clientSettings('demo.super', 'LAU');
    const changed = {
      ...before,
      nameEn: 'Laurentian Utilities Group',
      nameFr: 'Groupe Services publics Laurentiens',
      blockDuplicates: !before.blockDuplicates,
      smsAllowed: !before.smsAllowed,
      roleNames: [{ role: 'USER', nameEn: 'Customer', nameFr: 'Client' }],
    };
    const answer = answerOf(endpoints.updateConsoleClient, await as('demo.super').updateClient(clientIds.LAU!, changed)).data;
    expect(answer).toMatchObject({ nameEn: changed.nameEn, nameFr: changed.nameFr, blockDuplicates: changed.blockDuplicates });
    expect(answer.roleNames).toEqual(changed.roleNames);
    const audit = await auditOf('updateClient');
    expect(audit.client_id).toBe(clientIds.LAU);
    expect(audit.before).toMatchObject({ nameEn: before.nameEn, roleNames: before.roleNames });
    expect(audit.after).toMatchObject({ nameEn: changed.nameEn, roleNames: changed.roleNames });
    // Put back as it was for the tests that follow.
    answerOf(endpoints.updateConsoleClient, await as('demo.super').updateClient(clientIds.LAU!, before));
  });

  it('refuses empty and overlong names with their keys, changing nothing', async () => {
    const before = await clientSettings('demo.internal', 'NBF');
    const empty = await as('demo.internal').updateClient(clientIds.NBF!, { ...before, nameFr: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(refusalOf(empty).msg).toBe(CONSOLE_TENANT_ERROR_KEYS.nameRequired);
    const long = await as('demo.internal').updateClient(clientIds.NBF!, { ...before, nameEn: 'x'.repeat(121) });
    expect(refusalOf(long).msg).toBe(CONSOLE_TENANT_ERROR_KEYS.nameTooLong);
    expect(await clientSettings('demo.internal', 'NBF')).toEqual(before);
  });
});

describe('bilingual completeness', () => {
  it('finds the demo clients complete', async () => {
    for (const code of ['NBF', 'LAU']) {
      const report = answerOf(endpoints.consoleCompleteness, await as('demo.super').completeness(clientIds[code]!)).data;
      expect(report, code).toEqual({ complete: true, incomplete: [] });
    }
  });

  it('lists a text missing in one language or copied from the other, and keeps onboarding off until registration’s texts are complete', async () => {
    const type = await t.database.db
      .selectFrom('report_definitions')
      .select(['id', 'code', 'title_fr', 'onboarding_enabled'])
      .where('client_id', '=', clientIds.NBF!)
      .where('onboarding_enabled', '=', true)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    // An answer pasted in English into the French field of the client's own question.
    const faq = await t.database.db
      .insertInto('faqs')
      .values({
        client_id: clientIds.NBF!,
        question_en: 'Where is my slip?',
        question_fr: 'Où est mon feuillet?',
        answer_en: 'Under Tax slips.',
        answer_fr: 'Under Tax slips.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('report_definitions').set({ title_fr: '' }).where('id', '=', type.id).execute();
    try {
      const report = answerOf(endpoints.consoleCompleteness, await as('demo.internal').completeness(clientIds.NBF!)).data;
      expect(report.complete).toBe(false);
      expect(report.incomplete).toEqual([
        expect.objectContaining({
          area: 'documentType',
          id: String(type.id),
          field: 'title',
          problem: 'missingFr',
          shownAtRegistration: true,
        }),
        expect.objectContaining({ area: 'faq', id: String(faq.id), field: 'answer', problem: 'identical', shownAtRegistration: false }),
      ]);

      const settings = await clientSettings('demo.internal', 'NBF');
      await t.database.db.updateTable('clients').set({ onboarding_enabled: false }).where('id', '=', clientIds.NBF!).execute();
      const refused = await as('demo.internal').updateClient(clientIds.NBF!, { ...settings, onboardingEnabled: true });
      expect(refused.statusCode).toBe(400);
      expect(refusalOf(refused).error).toBe(CONSOLE_TENANT_ERROR_KEYS.textsIncomplete);
      expect(refused.json().incomplete).toEqual([
        expect.objectContaining({ area: 'documentType', id: String(type.id), problem: 'missingFr' }),
      ]);
      expect((await clientSettings('demo.internal', 'NBF')).onboardingEnabled).toBe(false);
    } finally {
      await t.database.db.updateTable('report_definitions').set({ title_fr: type.title_fr }).where('id', '=', type.id).execute();
      await t.database.db.deleteFrom('faqs').where('id', '=', faq.id).execute();
      await t.database.db.updateTable('clients').set({ onboarding_enabled: true }).where('id', '=', clientIds.NBF!).execute();
    }
  });
});

describe('brands and the contrast gate', () => {
  it('passes every demo brand', async () => {
    const experiences = await t.database.db.selectFrom('experiences').select('id').execute();
    expect(experiences).toHaveLength(11);
    for (const { id } of experiences) {
      const brand = answerOf(endpoints.getConsoleBrand, await as('demo.super').brand(id)).data;
      const saved = await as('demo.super').updateBrand(id, {
        nameEn: brand.nameEn,
        nameFr: brand.nameFr,
        appTitle: brand.appTitle,
        colors: brand.colors,
      });
      expect(saved.statusCode, brand.code).toBe(200);
    }
  });

  it('refuses a failing primary colour with the pairs named and the nearest passing shade, then saves that shade', async () => {
    const id = await experienceId('NBW');
    const brand = answerOf(endpoints.getConsoleBrand, await as('demo.internal').brand(id)).data;
    const draft = { nameEn: brand.nameEn, nameFr: brand.nameFr, appTitle: brand.appTitle, colors: { ...brand.colors, primary: '#8fc1f0' } };
    const refused = await as('demo.internal').updateBrand(id, draft);
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as {
      error: string;
      failing: { id: string; ratio: number; minimum: number }[];
      suggestions: { color: string; suggested: string }[];
    };
    expect(body.error).toBe(CONSOLE_TENANT_ERROR_KEYS.contrastFailing);
    expect(body.failing.map((pair) => pair.id).sort()).toEqual(['buttonOnCard', 'linkOnCard']);
    expect(body.failing.every((pair) => pair.ratio < pair.minimum)).toBe(true);
    const suggestion = body.suggestions.find((s) => s.color === 'primary')!;
    expect(answerOf(endpoints.getConsoleBrand, await as('demo.internal').brand(id)).data.colors.primary).toBe(brand.colors.primary);

    const colors: BrandColors = { ...draft.colors, primary: suggestion.suggested };
    const saved = answerOf(endpoints.updateConsoleBrand, await as('demo.internal').updateBrand(id, { ...draft, colors })).data;
    expect(saved.colors.primary).toBe(suggestion.suggested);
    const audit = await auditOf('updateExperience');
    expect(audit.client_id).toBe(clientIds.NBF);
    expect(audit.before).toMatchObject({ code: 'NBW', colors: { primary: brand.colors.primary } });
    expect(audit.after).toMatchObject({ code: 'NBW', colors: { primary: suggestion.suggested } });

    // The public branding the login page reads shows it at once, on another instance of the app too.
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      for (const app of [t.app, other]) {
        const branding = await app.inject({ url: '/branding/experience?exp=NBW' });
        expect(answerOf(endpoints.experienceBranding, branding).Colors.primary).toBe(suggestion.suggested);
      }
      answerOf(endpoints.updateConsoleBrand, await as('demo.internal').updateBrand(id, { ...draft, colors: brand.colors }));
      expect(answerOf(endpoints.experienceBranding, await other.inject({ url: '/branding/experience?exp=NBW' })).Colors.primary).toBe(
        brand.colors.primary,
      );
    } finally {
      await other.close();
    }
  });

  it('answers another client’s experience to internal staff as one that does not exist', async () => {
    const id = await experienceId('LAU');
    for (const response of [
      await as('demo.internal').brand(id),
      await as('demo.internal').updateBrand(id, { nameEn: 'x', nameFr: 'y', appTitle: null, colors: {} }),
    ]) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    const read = await as('demo.internal').brand(id);
    expect(read.statusCode).toBe(404);
    expect(refusalOf(read).error).toBe(CONSOLE_TENANT_ERROR_KEYS.experienceNotFound);
    expect((await as('demo.internal').brand(999_999)).statusCode).toBe(404);
  });
});

import { endpoints, type ConsoleDocumentType } from '@portal/contract';
import { createTestApp, signIn } from './test-app.js';
import { answerOf } from './wire.js';

const base = (clientId: number | string) => `/api/console/clients/${clientId}/document-types`;

/** An app where a super user, internal staff and three people without the console are signed in. */
export async function openDocumentTypesFixture() {
  const t = await createTestApp();
  const clientIds: Record<string, number> = {};
  const cookies: Record<string, string> = {};
  for (const client of await t.database.db.selectFrom('clients').select(['id', 'code']).execute()) clientIds[client.code] = client.id;
  for (const username of ['demo.super', 'demo.internal', 'demo.admin', 'demo.user', 'lau.admin']) {
    cookies[username] = await signIn(t, username);
  }
  /** The console's document-type calls and the user's list, as one signed-in person makes them. */
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
  return {
    t,
    close: () => t.close(),
    clientIds,
    as,
    typesOf,
    /** A type by its code, whose first part is its client's. */
    typeOf: async (code: string) => (await typesOf(code.split('-')[0]!)).find((type) => type.code === code)!,
    lastAudit: (action: string) =>
      t.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow(),
  };
}

/** What the console's form of a type sends. */
export const typeSettings = (type: ConsoleDocumentType) => ({
  titleEn: type.titleEn,
  titleFr: type.titleFr,
  sortBy: type.sortBy,
  sortDesc: type.sortDesc,
  retentionDays: type.retentionDays,
  onboardingEnabled: type.onboardingEnabled,
});

/** What the console's form of an attribute sends. */
export const attributeSettings = (attribute: ConsoleDocumentType['attributes'][number]) => ({
  displayNameEn: attribute.displayNameEn,
  displayNameFr: attribute.displayNameFr,
  descriptionEn: attribute.descriptionEn,
  descriptionFr: attribute.descriptionFr,
  showInColumn: attribute.showInColumn,
  isSearchable: attribute.isSearchable,
  identifiesOwner: attribute.identifiesOwner,
});

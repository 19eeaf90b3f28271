import { endpoints } from '@portal/contract';
import { makePdf as makePdfBytes } from './ingestion-fixture.js';
import { createTestApp, signIn } from './test-app.js';
import { SIGN_IN_AS as DEMO_ACCOUNTS } from './user-management-helpers.js';
import { answerOf } from './wire.js';

/** Who signs in: the demo account of each role, and a user of the other client. */
const SIGN_IN_AS = { ...DEMO_ACCOUNTS, LAU_USER: 'lau.user' };
export type Who = keyof typeof SIGN_IN_AS;

export const VALID_FAQ = {
  questionEn: 'Where is my statement?',
  questionFr: 'Où est mon relevé?',
  answerEn: 'Under Documents.',
  answerFr: 'Sous Documents.',
};

/** A small real PDF whose bytes differ with the label, as an upload's body. */
export const makePdf = async (label: string): Promise<Buffer> => Buffer.from(await makePdfBytes(label));

/** An app where everyone of SIGN_IN_AS is signed in, with the help editor's calls and what the client's people see. */
export async function openHelpContentFixture() {
  const t = await createTestApp();
  const clientIds: Record<string, number> = {};
  const cookies: Record<string, string> = {};
  for (const client of await t.database.db.selectFrom('clients').select(['id', 'code']).execute()) clientIds[client.code] = client.id;
  for (const [who, username] of Object.entries(SIGN_IN_AS)) cookies[who] = await signIn(t, username);

  /** The editor's calls, as one signed-in person makes them. */
  const as = (who: Who) => {
    const headers = { cookie: cookies[who]! };
    const base = (clientId: number | string) => `/api/console/clients/${clientId}`;
    const pdfHeaders = { ...headers, 'content-type': 'application/pdf' };
    return {
      clients: () => t.app.inject({ url: '/api/console/help-content/clients', headers }),
      listFaqs: (clientId: number | string) => t.app.inject({ url: `${base(clientId)}/faqs`, headers }),
      createFaq: (clientId: number | string, payload: object) =>
        t.app.inject({ method: 'POST', url: `${base(clientId)}/faqs`, payload, headers }),
      updateFaq: (clientId: number | string, id: number | string, payload: object) =>
        t.app.inject({ method: 'PUT', url: `${base(clientId)}/faqs/${id}`, payload, headers }),
      deleteFaq: (clientId: number | string, id: number | string) =>
        t.app.inject({ method: 'DELETE', url: `${base(clientId)}/faqs/${id}`, headers }),
      reorderFaqs: (clientId: number | string, payload: object) =>
        t.app.inject({ method: 'PUT', url: `${base(clientId)}/faqs/order`, payload, headers }),
      listDocuments: (clientId: number | string) => t.app.inject({ url: `${base(clientId)}/repository`, headers }),
      upload: (clientId: number | string, body: Buffer | string, contentType = 'application/pdf') =>
        t.app.inject({
          method: 'POST',
          url: `${base(clientId)}/repository/files`,
          payload: body,
          headers: { ...pdfHeaders, 'content-type': contentType },
        }),
      createDocument: (clientId: number | string, payload: object) =>
        t.app.inject({ method: 'POST', url: `${base(clientId)}/repository`, payload, headers }),
      renameDocument: (clientId: number | string, id: number | string, payload: object) =>
        t.app.inject({ method: 'PUT', url: `${base(clientId)}/repository/${id}`, payload, headers }),
      replaceFile: (clientId: number | string, id: number | string, language: string, body: Buffer | string) =>
        t.app.inject({ method: 'PUT', url: `${base(clientId)}/repository/${id}/files/${language}`, payload: body, headers: pdfHeaders }),
      openFile: (clientId: number | string, id: number | string, language: string) =>
        t.app.inject({ url: `${base(clientId)}/repository/${id}/files/${language}`, headers }),
      deleteDocument: (clientId: number | string, id: number | string) =>
        t.app.inject({ method: 'DELETE', url: `${base(clientId)}/repository/${id}`, headers }),
      reorderDocuments: (clientId: number | string, payload: object) =>
        t.app.inject({ method: 'PUT', url: `${base(clientId)}/repository/order`, payload, headers }),
    };
  };

  const createdFaq = async (who: Who, clientId: number, payload: object = VALID_FAQ) =>
    answerOf(endpoints.createFaqEntry, await as(who).createFaq(clientId, payload)).data;
  const listedFaqs = async (who: Who, clientId: number) => answerOf(endpoints.listFaqEntries, await as(who).listFaqs(clientId)).data;
  const listedDocuments = async (clientId: number) =>
    answerOf(endpoints.listRepositoryEntries, await as('SUPER_USER').listDocuments(clientId)).data;
  const uploaded = async (who: Who, clientId: number, pdf: Buffer) =>
    answerOf(endpoints.uploadRepositoryFile, await as(who).upload(clientId, pdf)).data;
  async function createdDocument(who: Who, clientId: number, names = { nameEn: 'Guide', nameFr: 'Guide' }) {
    const [en, fr] = [await makePdf(`${names.nameEn} en ${Math.random()}`), await makePdf(`${names.nameFr} fr ${Math.random()}`)];
    const fileEn = (await uploaded(who, clientId, en)).fileId;
    const fileFr = (await uploaded(who, clientId, fr)).fileId;
    const document = answerOf(endpoints.createRepositoryEntry, await as(who).createDocument(clientId, { ...names, fileEn, fileFr })).data;
    return { document, en, fr };
  }
  /** What the client's people see on the FAQ page. */
  const usersFaqs = async (who: Who) =>
    answerOf(
      endpoints.faqList,
      await t.app.inject({ method: 'POST', url: '/documentsrepository/list', headers: { cookie: cookies[who]! } }),
    ).faqs;
  const usersDocuments = async (who: Who) =>
    answerOf(
      endpoints.repositoryList,
      await t.app.inject({ method: 'POST', url: '/documentsrepository/getdocumentlist', headers: { cookie: cookies[who]! } }),
    ).documents;
  const downloadAsUser = (who: Who, documentId: number, language: 'en' | 'fr') =>
    t.app.inject({
      url: `/documentsrepository/getdocument?documentId=${documentId}&actionNum=1`,
      headers: { cookie: `${cookies[who]!}; lang=${language}` },
    });
  const auditRows = (action: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'action', 'client_id', 'before', 'after'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const userIdOf = async (username: string) =>
    (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  return {
    t,
    close: () => t.close(),
    clientIds,
    cookies,
    as,
    createdFaq,
    listedFaqs,
    listedDocuments,
    uploaded,
    createdDocument,
    usersFaqs,
    usersDocuments,
    downloadAsUser,
    auditRows,
    userIdOf,
  };
}

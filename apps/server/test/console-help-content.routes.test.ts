import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  ERROR_KEYS,
  FAQ_ANSWER_MAX_LENGTH,
  FAQ_QUESTION_MAX_LENGTH,
  HELP_CONTENT_ERROR_KEYS,
  REPOSITORY_DOCUMENT_NAME_MAX_LENGTH,
  REPOSITORY_FILE_MAX_BYTES,
} from '@portal/contract';
import { createTestApp, signIn, type TestApp } from './test-app.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
const clientIds: Record<string, number> = {};
const cookies: Record<string, string> = {};
const SIGN_IN_AS = {
  USER: 'demo.user',
  CUSTOMER_SERVICE: 'demo.service',
  ADMIN: 'demo.admin',
  INTERNAL: 'demo.internal',
  SUPER_USER: 'demo.super',
  LAU_USER: 'lau.user',
} as const;
type Who = keyof typeof SIGN_IN_AS;

beforeAll(async () => {
  t = await createTestApp();
  for (const client of await t.database.db.selectFrom('clients').select(['id', 'code']).execute()) clientIds[client.code] = client.id;
  for (const [who, username] of Object.entries(SIGN_IN_AS)) cookies[who] = await signIn(t, username);
});
afterAll(() => t.close());

const VALID_FAQ = {
  questionEn: 'Where is my statement?',
  questionFr: 'Où est mon relevé?',
  answerEn: 'Under Documents.',
  answerFr: 'Sous Documents.',
};

async function makePdf(label: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(label);
  pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save());
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

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
  answerOf(endpoints.faqList, await t.app.inject({ method: 'POST', url: '/documentsrepository/list', headers: { cookie: cookies[who]! } }))
    .faqs;
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

describe('roles without the tenantConsole menu', () => {
  it.each(['USER', 'CUSTOMER_SERVICE', 'ADMIN'] as const)('%s is refused every call with 403 before its request is read', async (who) => {
    const api = as(who);
    const nbf = clientIds.NBF!;
    const pdf = await makePdf('refused');
    const responses = [
      await api.clients(),
      await api.listFaqs(nbf),
      await api.createFaq(nbf, VALID_FAQ),
      await api.createFaq('not-a-number', { questionEn: 1 }),
      await api.updateFaq(nbf, 1, VALID_FAQ),
      await api.deleteFaq(nbf, 1),
      await api.reorderFaqs(nbf, { ids: [] }),
      await api.listDocuments(nbf),
      await api.upload(nbf, pdf),
      await api.createDocument(nbf, {}),
      await api.renameDocument(nbf, 1, {}),
      await api.replaceFile(nbf, 1, 'en', pdf),
      await api.openFile(nbf, 1, 'en'),
      await api.deleteDocument(nbf, 1),
      await api.reorderDocuments(nbf, { ids: [] }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
    expect(await t.database.db.selectFrom('faqs').select('id').where('question_en', '=', VALID_FAQ.questionEn).execute()).toEqual([]);
  });

  it('refuses a caller that is not signed in with 401', async () => {
    const response = await t.app.inject({ url: `/api/console/clients/${clientIds.NBF}/faqs` });
    expect(response.statusCode).toBe(401);
  });
});

describe('who edits which client', () => {
  it('offers internal staff their own client, a super user every client', async () => {
    const own = answerOf(endpoints.helpContentClients, await as('INTERNAL').clients()).data;
    expect(own.map((client) => client.code)).toEqual(['NBF']);
    const every = answerOf(endpoints.helpContentClients, await as('SUPER_USER').clients()).data;
    expect(every.map((client) => client.code)).toEqual(expect.arrayContaining(['NBF', 'LAU']));
    expect(every[0]).toMatchObject({ id: expect.any(Number), nameEn: expect.any(String), nameFr: expect.any(String) });
  });

  it('refuses internal staff every call about another client with 403, and takes in no file for it', async () => {
    const api = as('INTERNAL');
    const lau = clientIds.LAU!;
    const pdf = await makePdf('other client');
    const responses = [
      await api.listFaqs(lau),
      await api.createFaq(lau, VALID_FAQ),
      await api.updateFaq(lau, 1, VALID_FAQ),
      await api.deleteFaq(lau, 1),
      await api.reorderFaqs(lau, { ids: [] }),
      await api.listDocuments(lau),
      await api.upload(lau, pdf),
      await api.createDocument(lau, { nameEn: 'x', nameFr: 'x', fileEn: sha256(pdf), fileFr: sha256(pdf) }),
      await api.renameDocument(lau, 1, { nameEn: 'x', nameFr: 'x' }),
      await api.replaceFile(lau, 1, 'fr', pdf),
      await api.openFile(lau, 1, 'fr'),
      await api.deleteDocument(lau, 1),
      await api.reorderDocuments(lau, { ids: [] }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
    expect(await t.database.db.selectFrom('faqs').select('id').where('client_id', '=', lau).execute()).toEqual([]);
    expect(await t.app.inject({ url: '/healthz' }).then((response) => response.statusCode)).toBe(200);
  });

  it('lets internal staff edit their own client, and a super user any client', async () => {
    const own = await createdFaq('INTERNAL', clientIds.NBF!, { ...VALID_FAQ, questionEn: 'Own client question' });
    expect(own.clientId).toBe(clientIds.NBF);
    const other = await createdFaq('SUPER_USER', clientIds.LAU!, { ...VALID_FAQ, questionEn: 'Another client question' });
    expect(other.clientId).toBe(clientIds.LAU);
    expect((await listedFaqs('SUPER_USER', clientIds.LAU!)).map((faq) => faq.questionEn)).toContain('Another client question');
    // An entry reached through another client's path is none of that client's.
    const crossed = await as('SUPER_USER').updateFaq(clientIds.NBF!, other.id, VALID_FAQ);
    expect(crossed.statusCode).toBe(404);
    expect(refusalOf(crossed).error).toBe(HELP_CONTENT_ERROR_KEYS.faqNotFound);
    for (const response of [
      await as('SUPER_USER').deleteFaq(clientIds.LAU!, other.id),
      await as('INTERNAL').deleteFaq(clientIds.NBF!, own.id),
    ]) {
      expect(response.statusCode).toBe(200);
    }
  });

  it('answers 404 for a client that does not exist', async () => {
    const response = await as('SUPER_USER').listFaqs(999_999);
    expect(response.statusCode).toBe(404);
    expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.clientNotFound);
    expect((await as('SUPER_USER').createFaq(999_999, VALID_FAQ)).statusCode).toBe(404);
  });

  it('answers 400 for a path that is not an id', async () => {
    const response = await as('INTERNAL').listFaqs('not-a-number');
    expect(response.statusCode).toBe(400);
  });
});

describe('FAQ entries', () => {
  it('shows a new and an edited entry on the FAQ page at the next request, and none after its removal', async () => {
    const nbf = clientIds.NBF!;
    const entry = await createdFaq('INTERNAL', nbf, {
      questionEn: '  How do I reach support?  ',
      questionFr: 'Comment joindre le soutien?',
      answerEn: 'Call us.\r\nOr write.',
      answerFr: 'Appelez-nous.',
    });
    expect(entry).toMatchObject({ questionEn: 'How do I reach support?', answerEn: 'Call us.\nOr write.' });
    const shown = (await usersFaqs('USER')).find((faq) => faq.Id === entry.id);
    expect(shown).toMatchObject({ QuestionEN: 'How do I reach support?', QuestionFR: 'Comment joindre le soutien?' });
    // Portal-wide entries come first; the client's own come after them.
    const page = await usersFaqs('USER');
    expect(page.at(-1)!.Id).toBe(entry.id);
    // Another client's people never see it.
    expect((await usersFaqs('LAU_USER')).some((faq) => faq.Id === entry.id)).toBe(false);

    const edited = answerOf(
      endpoints.updateFaqEntry,
      await as('INTERNAL').updateFaq(nbf, entry.id, {
        ...VALID_FAQ,
        questionFr: 'Comment joindre notre équipe?',
        answerFr: 'Écrivez-nous.',
      }),
    ).data;
    expect(edited.questionFr).toBe('Comment joindre notre équipe?');
    expect((await usersFaqs('USER')).find((faq) => faq.Id === entry.id)).toMatchObject({
      QuestionFR: 'Comment joindre notre équipe?',
      AnswerFR: 'Écrivez-nous.',
    });

    expect(answerOf(endpoints.deleteFaqEntry, await as('INTERNAL').deleteFaq(nbf, entry.id)).data).toEqual({ id: entry.id });
    expect((await usersFaqs('USER')).some((faq) => faq.Id === entry.id)).toBe(false);
    const again = await as('INTERNAL').deleteFaq(nbf, entry.id);
    expect(again.statusCode).toBe(404);
    expect(refusalOf(again).error).toBe(HELP_CONTENT_ERROR_KEYS.faqNotFound);
  });

  it('lists the client’s own entries only, never those for every client', async () => {
    const before = await listedFaqs('INTERNAL', clientIds.NBF!);
    const portalWide = await t.database.db.selectFrom('faqs').select('id').where('client_id', 'is', null).execute();
    expect(portalWide.length).toBeGreaterThan(0);
    expect(before.some((faq) => portalWide.some((row) => row.id === faq.id))).toBe(false);
    // Nor are they edited through the console.
    const response = await as('SUPER_USER').updateFaq(clientIds.NBF!, portalWide[0]!.id, VALID_FAQ);
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['a missing question', { questionEn: undefined }, HELP_CONTENT_ERROR_KEYS.questionRequired],
    ['a blank question', { questionFr: '   ' }, HELP_CONTENT_ERROR_KEYS.questionRequired],
    ['a question too long', { questionEn: 'q'.repeat(FAQ_QUESTION_MAX_LENGTH + 1) }, HELP_CONTENT_ERROR_KEYS.questionTooLong],
    ['a blank answer', { answerEn: ' \n ' }, HELP_CONTENT_ERROR_KEYS.answerRequired],
    ['a missing answer', { answerFr: undefined }, HELP_CONTENT_ERROR_KEYS.answerRequired],
    ['an answer too long', { answerFr: 'a'.repeat(FAQ_ANSWER_MAX_LENGTH + 1) }, HELP_CONTENT_ERROR_KEYS.answerTooLong],
    ['a control character in an answer', { answerEn: 'bell\u0007' }, 'validation.controlCharacters'],
    ['a line break in a question', { questionEn: 'two\nlines' }, 'validation.controlCharacters'],
  ])('refuses %s with 400 and its key', async (_case, change, key) => {
    const response = await as('INTERNAL').createFaq(clientIds.NBF!, { ...VALID_FAQ, ...change });
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response).issues?.map((issue) => issue.message)).toContain(key);
  });

  it('accepts the longest question and answer', async () => {
    const entry = await createdFaq('INTERNAL', clientIds.NBF!, {
      ...VALID_FAQ,
      questionEn: 'q'.repeat(FAQ_QUESTION_MAX_LENGTH),
      answerEn: 'a'.repeat(FAQ_ANSWER_MAX_LENGTH),
    });
    expect(entry.answerEn).toHaveLength(FAQ_ANSWER_MAX_LENGTH);
    await as('INTERNAL').deleteFaq(clientIds.NBF!, entry.id);
  });

  it('reorders the whole list, refusing a partial list, a duplicate or another client’s id', async () => {
    const nbf = clientIds.NBF!;
    const [a, b, c] = [
      await createdFaq('INTERNAL', nbf, { ...VALID_FAQ, questionEn: 'A' }),
      await createdFaq('INTERNAL', nbf, { ...VALID_FAQ, questionEn: 'B' }),
      await createdFaq('INTERNAL', nbf, { ...VALID_FAQ, questionEn: 'C' }),
    ];
    const foreign = await createdFaq('SUPER_USER', clientIds.LAU!, { ...VALID_FAQ, questionEn: 'Foreign' });
    const all = (await listedFaqs('INTERNAL', nbf)).map((faq) => faq.id);
    expect(all.slice(-3)).toEqual([a.id, b.id, c.id]);
    const others = all.filter((id) => ![a.id, b.id, c.id].includes(id));

    for (const ids of [
      [c.id, b.id],
      [...others, c.id, b.id, a.id, a.id],
      [...others, c.id, b.id, foreign.id],
      [...others, c.id, b.id, a.id, foreign.id],
    ]) {
      const response = await as('INTERNAL').reorderFaqs(nbf, { ids });
      expect(response.statusCode).toBe(400);
      expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.orderInvalid);
    }
    const badShape = await as('INTERNAL').reorderFaqs(nbf, { ids: ['x'] });
    expect(badShape.statusCode).toBe(400);

    const auditsBefore = (await auditRows('reorderFaqs')).length;
    const reordered = answerOf(
      endpoints.reorderFaqEntries,
      await as('INTERNAL').reorderFaqs(nbf, { ids: [...others, c.id, a.id, b.id] }),
    ).data;
    expect(reordered.map((faq) => faq.id)).toEqual([...others, c.id, a.id, b.id]);
    const page = (await usersFaqs('USER')).map((faq) => faq.Id);
    expect(page.slice(-3)).toEqual([c.id, a.id, b.id]);
    const audits = await auditRows('reorderFaqs');
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)).toMatchObject({
      client_id: nbf,
      before: { clientId: nbf, ids: [...others, a.id, b.id, c.id] },
      after: { clientId: nbf, ids: [...others, c.id, a.id, b.id] },
    });
    for (const entry of [a, b, c]) await as('INTERNAL').deleteFaq(nbf, entry.id);
    await as('SUPER_USER').deleteFaq(clientIds.LAU!, foreign.id);
  });

  it('writes every change to the audit log with before, after and the client', async () => {
    const nbf = clientIds.NBF!;
    const actor = await userIdOf('demo.internal');
    const entry = await createdFaq('INTERNAL', nbf, { ...VALID_FAQ, questionEn: 'Audited' });
    await as('INTERNAL').updateFaq(nbf, entry.id, { ...VALID_FAQ, questionEn: 'Audited again' });
    await as('INTERNAL').deleteFaq(nbf, entry.id);
    const ofEntry = async (action: string) =>
      (await auditRows(action)).filter((row) =>
        [row.before, row.after].some((snapshot) => (snapshot as { faqId?: number } | null)?.faqId === entry.id),
      );
    expect(await ofEntry('createFaq')).toEqual([
      {
        actor_user_id: actor,
        action: 'createFaq',
        client_id: nbf,
        before: null,
        after: expect.objectContaining({ questionEn: 'Audited', clientId: nbf }),
      },
    ]);
    expect(await ofEntry('updateFaq')).toEqual([
      {
        actor_user_id: actor,
        action: 'updateFaq',
        client_id: nbf,
        before: expect.objectContaining({ questionEn: 'Audited' }),
        after: expect.objectContaining({ questionEn: 'Audited again', answerFr: VALID_FAQ.answerFr }),
      },
    ]);
    expect(await ofEntry('deleteFaq')).toEqual([
      {
        actor_user_id: actor,
        action: 'deleteFaq',
        client_id: nbf,
        before: expect.objectContaining({ questionEn: 'Audited again' }),
        after: null,
      },
    ]);
  });
});

describe('repository documents', () => {
  it('creates a document from two uploaded PDFs that the client’s people then download', async () => {
    const nbf = clientIds.NBF!;
    const { document, en, fr } = await createdDocument('INTERNAL', nbf, { nameEn: '  Rate card  ', nameFr: 'Grille des taux' });
    expect(document).toMatchObject({
      clientId: nbf,
      nameEn: 'Rate card',
      nameFr: 'Grille des taux',
      fileEn: { fileId: sha256(en), size: en.length },
      fileFr: { fileId: sha256(fr), size: fr.length },
    });
    expect((await usersDocuments('USER')).find((shown) => shown.Id === document.id)).toMatchObject({
      DocumentNameEN: 'Rate card',
      DocumentNameFR: 'Grille des taux',
    });
    expect((await usersDocuments('LAU_USER')).some((shown) => shown.Id === document.id)).toBe(false);
    const english = await downloadAsUser('USER', document.id, 'en');
    expect(english.statusCode).toBe(200);
    expect(english.rawPayload.equals(en)).toBe(true);
    const french = await downloadAsUser('USER', document.id, 'fr');
    expect(french.rawPayload.equals(fr)).toBe(true);
    expect(french.headers['content-disposition']).toContain('Grille-des-taux.pdf');

    const checked = await as('INTERNAL').openFile(nbf, document.id, 'fr');
    expect(checked.statusCode).toBe(200);
    expect(checked.headers['content-type']).toBe('application/pdf');
    expect(checked.rawPayload.equals(fr)).toBe(true);

    const audit = (await auditRows('createRepositoryDocument')).find(
      (row) => (row.after as { documentId: number }).documentId === document.id,
    );
    expect(audit).toMatchObject({
      client_id: nbf,
      before: null,
      after: { nameEn: 'Rate card', fileKeyEn: `repository/${nbf}/${sha256(en)}.pdf`, fileKeyFr: `repository/${nbf}/${sha256(fr)}.pdf` },
    });
    await as('INTERNAL').deleteDocument(nbf, document.id);
  });

  it('replaces one language’s file under a new key, so that the old link’s file stays as it was', async () => {
    const nbf = clientIds.NBF!;
    const { document, en } = await createdDocument('INTERNAL', nbf);
    const replacement = await makePdf('replacement');
    const replaced = answerOf(endpoints.replaceRepositoryFile, await as('INTERNAL').replaceFile(nbf, document.id, 'en', replacement)).data;
    expect(replaced.fileEn).toEqual({ fileId: sha256(replacement), size: replacement.length });
    expect(replaced.fileFr).toEqual(document.fileFr);
    expect((await downloadAsUser('USER', document.id, 'en')).rawPayload.equals(replacement)).toBe(true);
    // The former file is still stored, under its own key: a link already given still shows what it showed.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const oldKey = `repository/${nbf}/${sha256(en)}.pdf`;
    const audit = (await auditRows('updateRepositoryDocument')).filter(
      (row) => (row.after as { documentId: number }).documentId === document.id,
    );
    expect(audit.at(-1)).toMatchObject({
      client_id: nbf,
      before: { fileKeyEn: oldKey },
      after: { fileKeyEn: `repository/${nbf}/${sha256(replacement)}.pdf` },
    });
    await as('INTERNAL').deleteDocument(nbf, document.id);
  });

  it('refuses bytes that are not a PDF, an empty body and a damaged PDF with 400, another media type with 415', async () => {
    const nbf = clientIds.NBF!;
    const pdf = await makePdf('damaged');
    for (const body of ['this is not a PDF', '', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 7)]), pdf.subarray(0, 40)]) {
      const response = await as('INTERNAL').upload(nbf, typeof body === 'string' ? Buffer.from(body) : body);
      expect(response.statusCode).toBe(400);
      expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.fileNotPdf);
    }
    const asJson = await t.app.inject({
      method: 'POST',
      url: `/api/console/clients/${nbf}/repository/files`,
      payload: { file: 'x' },
      headers: { cookie: cookies.INTERNAL! },
    });
    expect(asJson.statusCode).toBe(415);
    expect(refusalOf(asJson).error).toBe(HELP_CONTENT_ERROR_KEYS.fileContentType);
    const asText = await as('INTERNAL').upload(nbf, pdf, 'text/plain');
    expect(asText.statusCode).toBe(415);
  });

  it('refuses a file past the limit with 413', async () => {
    const nbf = clientIds.NBF!;
    const tooLarge = Buffer.concat([await makePdf('large'), Buffer.alloc(REPOSITORY_FILE_MAX_BYTES)]);
    const response = await as('INTERNAL').upload(nbf, tooLarge);
    expect(response.statusCode).toBe(413);
    expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.fileTooLarge);
    const { document } = await createdDocument('INTERNAL', nbf);
    const replacing = await as('INTERNAL').replaceFile(nbf, document.id, 'fr', tooLarge);
    expect(replacing.statusCode).toBe(413);
    await as('INTERNAL').deleteDocument(nbf, document.id);
  });

  it.each([
    ['a missing name', { nameEn: undefined }, HELP_CONTENT_ERROR_KEYS.documentNameRequired],
    ['a blank name', { nameFr: '  ' }, HELP_CONTENT_ERROR_KEYS.documentNameRequired],
    ['a name too long', { nameEn: 'n'.repeat(REPOSITORY_DOCUMENT_NAME_MAX_LENGTH + 1) }, HELP_CONTENT_ERROR_KEYS.documentNameTooLong],
    ['a file id that is not one', { fileEn: '../../etc/passwd' }, HELP_CONTENT_ERROR_KEYS.fileUnknown],
  ])('refuses %s on creation with 400 and its key', async (_case, change, key) => {
    const pdf = await makePdf('creation');
    const { fileId } = await uploaded('INTERNAL', clientIds.NBF!, pdf);
    const response = await as('INTERNAL').createDocument(clientIds.NBF!, {
      nameEn: 'Guide',
      nameFr: 'Guide',
      fileEn: fileId,
      fileFr: fileId,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response).issues?.map((issue) => issue.message)).toContain(key);
  });

  it('refuses a file never uploaded with 400', async () => {
    const pdf = await makePdf('never sent');
    const response = await as('INTERNAL').createDocument(clientIds.NBF!, {
      nameEn: 'G',
      nameFr: 'G',
      fileEn: sha256(pdf),
      fileFr: sha256(pdf),
    });
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.fileUnknown);
  });

  it('takes a file only from the client that uploaded it: another client’s hash answers exactly as one never uploaded', async () => {
    const [nbf, lau] = [clientIds.NBF!, clientIds.LAU!];
    const theirs = await makePdf('uploaded by another client');
    const theirHash = (await uploaded('SUPER_USER', lau, theirs)).fileId;
    const neverSent = sha256(await makePdf('uploaded by nobody'));
    const naming = (who: Who, clientId: number, fileId: string) =>
      as(who).createDocument(clientId, { nameEn: 'Borrowed', nameFr: 'Emprunté', fileEn: fileId, fileFr: fileId });
    const answerTo = async (response: Promise<{ statusCode: number; json(): unknown }>) => {
      const { statusCode, json } = await response;
      return { statusCode, body: json() };
    };

    const unknown = await answerTo(naming('INTERNAL', nbf, neverSent));
    expect(unknown).toEqual({
      statusCode: 400,
      body: { success: false, error: HELP_CONTENT_ERROR_KEYS.fileUnknown, msg: 'This file was not uploaded; upload it first.' },
    });
    expect(await answerTo(naming('INTERNAL', nbf, theirHash))).toEqual(unknown);
    // Not even the staff who reach both clients move a file from one to the other by its hash.
    expect(await answerTo(naming('SUPER_USER', nbf, theirHash))).toEqual(unknown);
    expect((await listedDocuments(nbf)).some((entry) => entry.nameEn === 'Borrowed')).toBe(false);

    // The same bytes uploaded by the client itself are its own file, under its own key.
    expect((await uploaded('INTERNAL', nbf, theirs)).fileId).toBe(theirHash);
    const own = answerOf(endpoints.createRepositoryEntry, await naming('INTERNAL', nbf, theirHash)).data;
    const audit = (await auditRows('createRepositoryDocument')).find((row) => (row.after as { documentId: number }).documentId === own.id);
    expect(audit?.after).toMatchObject({ fileKeyEn: `repository/${nbf}/${theirHash}.pdf` });
    await as('INTERNAL').deleteDocument(nbf, own.id);
  });

  it('renames, reorders and deletes, each audited, refusing another client’s document', async () => {
    const nbf = clientIds.NBF!;
    const { document: first } = await createdDocument('INTERNAL', nbf, { nameEn: 'First', nameFr: 'Premier' });
    const { document: second } = await createdDocument('INTERNAL', nbf, { nameEn: 'Second', nameFr: 'Deuxième' });
    const { document: foreign } = await createdDocument('SUPER_USER', clientIds.LAU!, { nameEn: 'Foreign', nameFr: 'Étranger' });

    const renamed = answerOf(
      endpoints.renameRepositoryEntry,
      await as('INTERNAL').renameDocument(nbf, first.id, { nameEn: 'First guide', nameFr: 'Premier guide' }),
    ).data;
    expect(renamed).toMatchObject({ nameEn: 'First guide', nameFr: 'Premier guide', fileEn: first.fileEn });
    expect((await usersDocuments('USER')).find((shown) => shown.Id === first.id)?.DocumentNameFR).toBe('Premier guide');
    const blank = await as('INTERNAL').renameDocument(nbf, first.id, { nameEn: '', nameFr: 'x' });
    expect(blank.statusCode).toBe(400);
    const crossed = await as('SUPER_USER').renameDocument(nbf, foreign.id, { nameEn: 'x', nameFr: 'x' });
    expect(crossed.statusCode).toBe(404);
    expect(refusalOf(crossed).error).toBe(HELP_CONTENT_ERROR_KEYS.documentNotFound);

    const all = answerOf(endpoints.listRepositoryEntries, await as('INTERNAL').listDocuments(nbf)).data.map((entry) => entry.id);
    expect(all).toEqual([first.id, second.id]);
    for (const ids of [[second.id], [second.id, first.id, foreign.id], [second.id, second.id]]) {
      const response = await as('INTERNAL').reorderDocuments(nbf, { ids });
      expect(response.statusCode).toBe(400);
      expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.orderInvalid);
    }
    const reordered = answerOf(
      endpoints.reorderRepositoryEntries,
      await as('INTERNAL').reorderDocuments(nbf, { ids: [second.id, first.id] }),
    ).data;
    expect(reordered.map((entry) => entry.id)).toEqual([second.id, first.id]);
    expect((await usersDocuments('USER')).map((shown) => shown.Id).slice(-2)).toEqual([second.id, first.id]);
    expect((await auditRows('reorderRepositoryDocuments')).at(-1)).toMatchObject({
      client_id: nbf,
      after: { clientId: nbf, ids: [second.id, first.id] },
    });

    expect((await as('INTERNAL').deleteDocument(nbf, first.id)).statusCode).toBe(200);
    expect((await downloadAsUser('USER', first.id, 'en')).statusCode).toBe(404);
    expect((await as('INTERNAL').deleteDocument(nbf, first.id)).statusCode).toBe(404);
    const deleted = (await auditRows('deleteRepositoryDocument')).find(
      (row) => (row.before as { documentId: number }).documentId === first.id,
    );
    expect(deleted).toMatchObject({ client_id: nbf, before: { nameEn: 'First guide' }, after: null });
    const renameAudit = (await auditRows('updateRepositoryDocument')).find(
      (row) => (row.after as { documentId: number; nameEn: string }).documentId === first.id,
    );
    expect(renameAudit).toMatchObject({ before: { nameEn: 'First' }, after: { nameEn: 'First guide' } });

    await as('INTERNAL').deleteDocument(nbf, second.id);
    await as('SUPER_USER').deleteDocument(clientIds.LAU!, foreign.id);
    expect(answerOf(endpoints.listRepositoryEntries, await as('INTERNAL').listDocuments(nbf)).data).toEqual([]);
  });
});

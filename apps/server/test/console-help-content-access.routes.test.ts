import { describe, expect, it } from 'vitest';
import { endpoints, ERROR_KEYS, HELP_CONTENT_ERROR_KEYS } from '@portal/contract';
import { VALID_FAQ, makePdf, openHelpContentFixture } from './console-help-content-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { sha256 } from './ingestion-fixture.js';
import { answerOf, refusalOf } from './wire.js';

const help = useFixture(openHelpContentFixture);

describe('roles without the tenantConsole menu', () => {
  it.each(['USER', 'CUSTOMER_SERVICE', 'ADMIN'] as const)('%s is refused every call with 403 before its request is read', async (who) => {
    const api = help.as(who);
    const nbf = help.clientIds.NBF!;
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
    expect(await help.t.database.db.selectFrom('faqs').select('id').where('question_en', '=', VALID_FAQ.questionEn).execute()).toEqual([]);
  });

  it('refuses a caller that is not signed in with 401', async () => {
    const response = await help.t.app.inject({ url: `/api/console/clients/${help.clientIds.NBF}/faqs` });
    expect(response.statusCode).toBe(401);
  });
});

describe('who edits which client', () => {
  it('offers internal staff their own client, a super user every client', async () => {
    const own = answerOf(endpoints.helpContentClients, await help.as('INTERNAL').clients()).data;
    expect(own.map((client) => client.code)).toEqual(['NBF']);
    const every = answerOf(endpoints.helpContentClients, await help.as('SUPER_USER').clients()).data;
    expect(every.map((client) => client.code)).toEqual(expect.arrayContaining(['NBF', 'LAU']));
    expect(every[0]).toMatchObject({ id: expect.any(Number), nameEn: expect.any(String), nameFr: expect.any(String) });
  });

  it('refuses internal staff every call about another client with 403, and takes in no file for it', async () => {
    const api = help.as('INTERNAL');
    const lau = help.clientIds.LAU!;
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
    expect(await help.t.database.db.selectFrom('faqs').select('id').where('client_id', '=', lau).execute()).toEqual([]);
    expect(await help.t.app.inject({ url: '/healthz' }).then((response) => response.statusCode)).toBe(200);
  });

  it('lets internal staff edit their own client, and a super user any client', async () => {
    const own = await help.createdFaq('INTERNAL', help.clientIds.NBF!, { ...VALID_FAQ, questionEn: 'Own client question' });
    expect(own.clientId).toBe(help.clientIds.NBF);
    const other = await help.createdFaq('SUPER_USER', help.clientIds.LAU!, { ...VALID_FAQ, questionEn: 'Another client question' });
    expect(other.clientId).toBe(help.clientIds.LAU);
    expect((await help.listedFaqs('SUPER_USER', help.clientIds.LAU!)).map((faq) => faq.questionEn)).toContain('Another client question');
    // An entry reached through another client's path is none of that client's.
    const crossed = await help.as('SUPER_USER').updateFaq(help.clientIds.NBF!, other.id, VALID_FAQ);
    expect(crossed.statusCode).toBe(404);
    expect(refusalOf(crossed).error).toBe(HELP_CONTENT_ERROR_KEYS.faqNotFound);
    for (const response of [
      await help.as('SUPER_USER').deleteFaq(help.clientIds.LAU!, other.id),
      await help.as('INTERNAL').deleteFaq(help.clientIds.NBF!, own.id),
    ]) {
      expect(response.statusCode).toBe(200);
    }
  });

  it('answers 404 for a client that does not exist', async () => {
    const response = await help.as('SUPER_USER').listFaqs(999_999);
    expect(response.statusCode).toBe(404);
    expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.clientNotFound);
    expect((await help.as('SUPER_USER').createFaq(999_999, VALID_FAQ)).statusCode).toBe(404);
  });

  it('answers 400 for a path that is not an id', async () => {
    const response = await help.as('INTERNAL').listFaqs('not-a-number');
    expect(response.statusCode).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import { endpoints, HELP_CONTENT_ERROR_KEYS, REPOSITORY_DOCUMENT_NAME_MAX_LENGTH, REPOSITORY_FILE_MAX_BYTES } from '@portal/contract';
import { makePdf, openHelpContentFixture, type Who } from './console-help-content-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { sha256 } from './ingestion-fixture.js';
import { answerOf, refusalOf } from './wire.js';

const help = useFixture(openHelpContentFixture);

describe('repository documents', () => {
  it('creates a document from two uploaded PDFs that the client’s people then download', async () => {
    const nbf = help.clientIds.NBF!;
    const { document, en, fr } = await help.createdDocument('INTERNAL', nbf, { nameEn: '  Rate card  ', nameFr: 'Grille des taux' });
    expect(document).toMatchObject({
      clientId: nbf,
      nameEn: 'Rate card',
      nameFr: 'Grille des taux',
      fileEn: { fileId: sha256(en), size: en.length },
      fileFr: { fileId: sha256(fr), size: fr.length },
    });
    expect((await help.usersDocuments('USER')).find((shown) => shown.Id === document.id)).toMatchObject({
      DocumentNameEN: 'Rate card',
      DocumentNameFR: 'Grille des taux',
    });
    expect((await help.usersDocuments('LAU_USER')).some((shown) => shown.Id === document.id)).toBe(false);
    const english = await help.downloadAsUser('USER', document.id, 'en');
    expect(english.statusCode).toBe(200);
    expect(english.rawPayload.equals(en)).toBe(true);
    const french = await help.downloadAsUser('USER', document.id, 'fr');
    expect(french.rawPayload.equals(fr)).toBe(true);
    expect(french.headers['content-disposition']).toContain('Grille-des-taux.pdf');

    const checked = await help.as('INTERNAL').openFile(nbf, document.id, 'fr');
    expect(checked.statusCode).toBe(200);
    expect(checked.headers['content-type']).toBe('application/pdf');
    expect(checked.rawPayload.equals(fr)).toBe(true);

    const audit = (await help.auditRows('createRepositoryDocument')).find(
      (row) => (row.after as { documentId: number }).documentId === document.id,
    );
    expect(audit).toMatchObject({
      client_id: nbf,
      before: null,
      after: { nameEn: 'Rate card', fileKeyEn: `repository/${nbf}/${sha256(en)}.pdf`, fileKeyFr: `repository/${nbf}/${sha256(fr)}.pdf` },
    });
    await help.as('INTERNAL').deleteDocument(nbf, document.id);
  });

  it('replaces one language’s file under a new key, so that the old link’s file stays as it was', async () => {
    const nbf = help.clientIds.NBF!;
    const { document, en } = await help.createdDocument('INTERNAL', nbf);
    const replacement = await makePdf('replacement');
    const replaced = answerOf(
      endpoints.replaceRepositoryFile,
      await help.as('INTERNAL').replaceFile(nbf, document.id, 'en', replacement),
    ).data;
    expect(replaced.fileEn).toEqual({ fileId: sha256(replacement), size: replacement.length });
    expect(replaced.fileFr).toEqual(document.fileFr);
    expect((await help.downloadAsUser('USER', document.id, 'en')).rawPayload.equals(replacement)).toBe(true);
    // The former file is still stored, under its own key: a link already given still shows what it showed.
    expect((await help.t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const oldKey = `repository/${nbf}/${sha256(en)}.pdf`;
    const audit = (await help.auditRows('updateRepositoryDocument')).filter(
      (row) => (row.after as { documentId: number }).documentId === document.id,
    );
    expect(audit.at(-1)).toMatchObject({
      client_id: nbf,
      before: { fileKeyEn: oldKey },
      after: { fileKeyEn: `repository/${nbf}/${sha256(replacement)}.pdf` },
    });
    await help.as('INTERNAL').deleteDocument(nbf, document.id);
  });

  it('refuses bytes that are not a PDF, an empty body and a damaged PDF with 400, another media type with 415', async () => {
    const nbf = help.clientIds.NBF!;
    const pdf = await makePdf('damaged');
    for (const body of ['this is not a PDF', '', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 7)]), pdf.subarray(0, 40)]) {
      const response = await help.as('INTERNAL').upload(nbf, typeof body === 'string' ? Buffer.from(body) : body);
      expect(response.statusCode).toBe(400);
      expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.fileNotPdf);
    }
    const asJson = await help.t.app.inject({
      method: 'POST',
      url: `/api/console/clients/${nbf}/repository/files`,
      payload: { file: 'x' },
      headers: { cookie: help.cookies.INTERNAL! },
    });
    expect(asJson.statusCode).toBe(415);
    expect(refusalOf(asJson).error).toBe(HELP_CONTENT_ERROR_KEYS.fileContentType);
    const asText = await help.as('INTERNAL').upload(nbf, pdf, 'text/plain');
    expect(asText.statusCode).toBe(415);
  });

  it('refuses a file past the limit with 413', async () => {
    const nbf = help.clientIds.NBF!;
    const tooLarge = Buffer.concat([await makePdf('large'), Buffer.alloc(REPOSITORY_FILE_MAX_BYTES)]);
    const response = await help.as('INTERNAL').upload(nbf, tooLarge);
    expect(response.statusCode).toBe(413);
    expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.fileTooLarge);
    const { document } = await help.createdDocument('INTERNAL', nbf);
    const replacing = await help.as('INTERNAL').replaceFile(nbf, document.id, 'fr', tooLarge);
    expect(replacing.statusCode).toBe(413);
    await help.as('INTERNAL').deleteDocument(nbf, document.id);
  });

  it.each([
    ['a missing name', { nameEn: undefined }, HELP_CONTENT_ERROR_KEYS.documentNameRequired],
    ['a blank name', { nameFr: '  ' }, HELP_CONTENT_ERROR_KEYS.documentNameRequired],
    ['a name too long', { nameEn: 'n'.repeat(REPOSITORY_DOCUMENT_NAME_MAX_LENGTH + 1) }, HELP_CONTENT_ERROR_KEYS.documentNameTooLong],
    ['a file id that is not one', { fileEn: '../../etc/passwd' }, HELP_CONTENT_ERROR_KEYS.fileUnknown],
  ])('refuses %s on creation with 400 and its key', async (_case, change, key) => {
    const pdf = await makePdf('creation');
    const { fileId } = await help.uploaded('INTERNAL', help.clientIds.NBF!, pdf);
    const response = await help.as('INTERNAL').createDocument(help.clientIds.NBF!, {
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
    const response = await help.as('INTERNAL').createDocument(help.clientIds.NBF!, {
      nameEn: 'G',
      nameFr: 'G',
      fileEn: sha256(pdf),
      fileFr: sha256(pdf),
    });
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.fileUnknown);
  });

  it('takes a file only from the client that uploaded it: another client’s hash answers exactly as one never uploaded', async () => {
    const [nbf, lau] = [help.clientIds.NBF!, help.clientIds.LAU!];
    const theirs = await makePdf('uploaded by another client');
    const theirHash = (await help.uploaded('SUPER_USER', lau, theirs)).fileId;
    const neverSent = sha256(await makePdf('uploaded by nobody'));
    const naming = (who: Who, clientId: number, fileId: string) =>
      help.as(who).createDocument(clientId, { nameEn: 'Borrowed', nameFr: 'Emprunté', fileEn: fileId, fileFr: fileId });
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
    expect((await help.listedDocuments(nbf)).some((entry) => entry.nameEn === 'Borrowed')).toBe(false);

    // The same bytes uploaded by the client itself are its own file, under its own key.
    expect((await help.uploaded('INTERNAL', nbf, theirs)).fileId).toBe(theirHash);
    const own = answerOf(endpoints.createRepositoryEntry, await naming('INTERNAL', nbf, theirHash)).data;
    const audit = (await help.auditRows('createRepositoryDocument')).find(
      (row) => (row.after as { documentId: number }).documentId === own.id,
    );
    expect(audit?.after).toMatchObject({ fileKeyEn: `repository/${nbf}/${theirHash}.pdf` });
    await help.as('INTERNAL').deleteDocument(nbf, own.id);
  });

  it('renames, reorders and deletes, each audited, refusing another client’s document', async () => {
    const nbf = help.clientIds.NBF!;
    const { document: first } = await help.createdDocument('INTERNAL', nbf, { nameEn: 'First', nameFr: 'Premier' });
    const { document: second } = await help.createdDocument('INTERNAL', nbf, { nameEn: 'Second', nameFr: 'Deuxième' });
    const { document: foreign } = await help.createdDocument('SUPER_USER', help.clientIds.LAU!, { nameEn: 'Foreign', nameFr: 'Étranger' });

    const renamed = answerOf(
      endpoints.renameRepositoryEntry,
      await help.as('INTERNAL').renameDocument(nbf, first.id, { nameEn: 'First guide', nameFr: 'Premier guide' }),
    ).data;
    expect(renamed).toMatchObject({ nameEn: 'First guide', nameFr: 'Premier guide', fileEn: first.fileEn });
    expect((await help.usersDocuments('USER')).find((shown) => shown.Id === first.id)?.DocumentNameFR).toBe('Premier guide');
    const blank = await help.as('INTERNAL').renameDocument(nbf, first.id, { nameEn: '', nameFr: 'x' });
    expect(blank.statusCode).toBe(400);
    const crossed = await help.as('SUPER_USER').renameDocument(nbf, foreign.id, { nameEn: 'x', nameFr: 'x' });
    expect(crossed.statusCode).toBe(404);
    expect(refusalOf(crossed).error).toBe(HELP_CONTENT_ERROR_KEYS.documentNotFound);

    const all = answerOf(endpoints.listRepositoryEntries, await help.as('INTERNAL').listDocuments(nbf)).data.map((entry) => entry.id);
    expect(all).toEqual([first.id, second.id]);
    for (const ids of [[second.id], [second.id, first.id, foreign.id], [second.id, second.id]]) {
      const response = await help.as('INTERNAL').reorderDocuments(nbf, { ids });
      expect(response.statusCode).toBe(400);
      expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.orderInvalid);
    }
    const reordered = answerOf(
      endpoints.reorderRepositoryEntries,
      await help.as('INTERNAL').reorderDocuments(nbf, { ids: [second.id, first.id] }),
    ).data;
    expect(reordered.map((entry) => entry.id)).toEqual([second.id, first.id]);
    expect((await help.usersDocuments('USER')).map((shown) => shown.Id).slice(-2)).toEqual([second.id, first.id]);
    expect((await help.auditRows('reorderRepositoryDocuments')).at(-1)).toMatchObject({
      client_id: nbf,
      after: { clientId: nbf, ids: [second.id, first.id] },
    });

    expect((await help.as('INTERNAL').deleteDocument(nbf, first.id)).statusCode).toBe(200);
    expect((await help.downloadAsUser('USER', first.id, 'en')).statusCode).toBe(404);
    expect((await help.as('INTERNAL').deleteDocument(nbf, first.id)).statusCode).toBe(404);
    const deleted = (await help.auditRows('deleteRepositoryDocument')).find(
      (row) => (row.before as { documentId: number }).documentId === first.id,
    );
    expect(deleted).toMatchObject({ client_id: nbf, before: { nameEn: 'First guide' }, after: null });
    const renameAudit = (await help.auditRows('updateRepositoryDocument')).find(
      (row) => (row.after as { documentId: number; nameEn: string }).documentId === first.id,
    );
    expect(renameAudit).toMatchObject({ before: { nameEn: 'First' }, after: { nameEn: 'First guide' } });

    await help.as('INTERNAL').deleteDocument(nbf, second.id);
    await help.as('SUPER_USER').deleteDocument(help.clientIds.LAU!, foreign.id);
    expect(answerOf(endpoints.listRepositoryEntries, await help.as('INTERNAL').listDocuments(nbf)).data).toEqual([]);
  });
});

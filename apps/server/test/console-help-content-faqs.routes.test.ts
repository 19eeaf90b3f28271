import { describe, expect, it } from 'vitest';
import { endpoints, FAQ_ANSWER_MAX_LENGTH, FAQ_QUESTION_MAX_LENGTH, HELP_CONTENT_ERROR_KEYS } from '@portal/contract';
import { VALID_FAQ, openHelpContentFixture } from './console-help-content-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { answerOf, refusalOf } from './wire.js';

const help = useFixture(openHelpContentFixture);

describe('FAQ entries', () => {
  it('shows a new and an edited entry on the FAQ page at the next request, and none after its removal', async () => {
    const nbf = help.clientIds.NBF!;
    const entry = await help.createdFaq('INTERNAL', nbf, {
      questionEn: '  How do I reach support?  ',
      questionFr: 'Comment joindre le soutien?',
      answerEn: 'Call us.\r\nOr write.',
      answerFr: 'Appelez-nous.',
    });
    expect(entry).toMatchObject({ questionEn: 'How do I reach support?', answerEn: 'Call us.\nOr write.' });
    const shown = (await help.usersFaqs('USER')).find((faq) => faq.Id === entry.id);
    expect(shown).toMatchObject({ QuestionEN: 'How do I reach support?', QuestionFR: 'Comment joindre le soutien?' });
    // Portal-wide entries come first; the client's own come after them.
    const page = await help.usersFaqs('USER');
    expect(page.at(-1)!.Id).toBe(entry.id);
    // Another client's people never see it.
    expect((await help.usersFaqs('LAU_USER')).some((faq) => faq.Id === entry.id)).toBe(false);

    const edited = answerOf(
      endpoints.updateFaqEntry,
      await help.as('INTERNAL').updateFaq(nbf, entry.id, {
        ...VALID_FAQ,
        questionFr: 'Comment joindre notre équipe?',
        answerFr: 'Écrivez-nous.',
      }),
    ).data;
    expect(edited.questionFr).toBe('Comment joindre notre équipe?');
    expect((await help.usersFaqs('USER')).find((faq) => faq.Id === entry.id)).toMatchObject({
      QuestionFR: 'Comment joindre notre équipe?',
      AnswerFR: 'Écrivez-nous.',
    });

    expect(answerOf(endpoints.deleteFaqEntry, await help.as('INTERNAL').deleteFaq(nbf, entry.id)).data).toEqual({ id: entry.id });
    expect((await help.usersFaqs('USER')).some((faq) => faq.Id === entry.id)).toBe(false);
    const again = await help.as('INTERNAL').deleteFaq(nbf, entry.id);
    expect(again.statusCode).toBe(404);
    expect(refusalOf(again).error).toBe(HELP_CONTENT_ERROR_KEYS.faqNotFound);
  });

  it('lists the client’s own entries only, never those for every client', async () => {
    const before = await help.listedFaqs('INTERNAL', help.clientIds.NBF!);
    const portalWide = await help.t.database.db.selectFrom('faqs').select('id').where('client_id', 'is', null).execute();
    expect(portalWide.length).toBeGreaterThan(0);
    expect(before.some((faq) => portalWide.some((row) => row.id === faq.id))).toBe(false);
    // Nor are they edited through the console.
    const response = await help.as('SUPER_USER').updateFaq(help.clientIds.NBF!, portalWide[0]!.id, VALID_FAQ);
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
    const response = await help.as('INTERNAL').createFaq(help.clientIds.NBF!, { ...VALID_FAQ, ...change });
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response).issues?.map((issue) => issue.message)).toContain(key);
  });

  it('accepts the longest question and answer', async () => {
    const entry = await help.createdFaq('INTERNAL', help.clientIds.NBF!, {
      ...VALID_FAQ,
      questionEn: 'q'.repeat(FAQ_QUESTION_MAX_LENGTH),
      answerEn: 'a'.repeat(FAQ_ANSWER_MAX_LENGTH),
    });
    expect(entry.answerEn).toHaveLength(FAQ_ANSWER_MAX_LENGTH);
    await help.as('INTERNAL').deleteFaq(help.clientIds.NBF!, entry.id);
  });

  it('reorders the whole list, refusing a partial list, a duplicate or another client’s id', async () => {
    const nbf = help.clientIds.NBF!;
    const [a, b, c] = [
      await help.createdFaq('INTERNAL', nbf, { ...VALID_FAQ, questionEn: 'A' }),
      await help.createdFaq('INTERNAL', nbf, { ...VALID_FAQ, questionEn: 'B' }),
      await help.createdFaq('INTERNAL', nbf, { ...VALID_FAQ, questionEn: 'C' }),
    ];
    const foreign = await help.createdFaq('SUPER_USER', help.clientIds.LAU!, { ...VALID_FAQ, questionEn: 'Foreign' });
    const all = (await help.listedFaqs('INTERNAL', nbf)).map((faq) => faq.id);
    expect(all.slice(-3)).toEqual([a.id, b.id, c.id]);
    const others = all.filter((id) => ![a.id, b.id, c.id].includes(id));

    for (const ids of [
      [c.id, b.id],
      [...others, c.id, b.id, a.id, a.id],
      [...others, c.id, b.id, foreign.id],
      [...others, c.id, b.id, a.id, foreign.id],
    ]) {
      const response = await help.as('INTERNAL').reorderFaqs(nbf, { ids });
      expect(response.statusCode).toBe(400);
      expect(refusalOf(response).error).toBe(HELP_CONTENT_ERROR_KEYS.orderInvalid);
    }
    const badShape = await help.as('INTERNAL').reorderFaqs(nbf, { ids: ['x'] });
    expect(badShape.statusCode).toBe(400);

    const auditsBefore = (await help.auditRows('reorderFaqs')).length;
    const reordered = answerOf(
      endpoints.reorderFaqEntries,
      await help.as('INTERNAL').reorderFaqs(nbf, { ids: [...others, c.id, a.id, b.id] }),
    ).data;
    expect(reordered.map((faq) => faq.id)).toEqual([...others, c.id, a.id, b.id]);
    const page = (await help.usersFaqs('USER')).map((faq) => faq.Id);
    expect(page.slice(-3)).toEqual([c.id, a.id, b.id]);
    const audits = await help.auditRows('reorderFaqs');
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)).toMatchObject({
      client_id: nbf,
      before: { clientId: nbf, ids: [...others, a.id, b.id, c.id] },
      after: { clientId: nbf, ids: [...others, c.id, a.id, b.id] },
    });
    for (const entry of [a, b, c]) await help.as('INTERNAL').deleteFaq(nbf, entry.id);
    await help.as('SUPER_USER').deleteFaq(help.clientIds.LAU!, foreign.id);
  });

  it('writes every change to the audit log with before, after and the client', async () => {
    const nbf = help.clientIds.NBF!;
    const actor = await help.userIdOf('demo.internal');
    const entry = await help.createdFaq('INTERNAL', nbf, { ...VALID_FAQ, questionEn: 'Audited' });
    await help.as('INTERNAL').updateFaq(nbf, entry.id, { ...VALID_FAQ, questionEn: 'Audited again' });
    await help.as('INTERNAL').deleteFaq(nbf, entry.id);
    const ofEntry = async (action: string) =>
      (await help.auditRows(action)).filter((row) =>
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PASSAGE_SOURCE_CHARACTERS, PASSAGE_WHOLE_TEXT_BYTES, type PassagePart } from '../src/db/repositories/document-text-search.js';
import { createDocumentTextsRepository } from '../src/db/repositories/document-texts.repository.js';
import { insertDocuments } from '../src/db/seed/factories.js';
import { createIngestionApp, MEMO_TYPE } from './ingestion-fixture.js';
import type { TestApp } from './test-app.js';

let t: TestApp;
let memos: number;
const db = () => t.database.db;

/** Plain words, none of which any search below looks for: about 6,000 characters for 1,000 words. */
const filler = (words: number, seed = 0) =>
  Array.from({ length: words }, (_, index) => ['harbour', 'notes', 'of', 'the', 'quay', 'and', 'its', 'boats'][(index + seed) % 8]).join(
    ' ',
  );

/** Memos whose texts are these, in these languages; their document ids in the same order. */
async function memosWith(texts: { content: string; language?: 'en' | 'fr' }[]): Promise<number[]> {
  const ids = await insertDocuments(
    db(),
    texts.map((text, index) => ({
      report_id: memos,
      document_date: '2026-02-01',
      language: text.language ?? 'en',
      attributes: { subject: `Passage memo ${index}` },
      file_key: `fixture/passage-${index}.pdf`,
    })),
  );
  await sql`INSERT INTO document_texts (document_id, report_id, language, content_hash, content)
            SELECT d.id, d.report_id, d.language, d.content_hash, r.content
              FROM unnest(${ids}::int[], ${texts.map((text) => text.content)}::text[]) AS r(id, content) JOIN documents d ON d.id = r.id`.execute(
    db(),
  );
  return ids;
}

const passageOf = async (documentId: number, words: string): Promise<PassagePart[]> =>
  (await createDocumentTextsRepository(db()).passages(memos, [documentId], words)).get(documentId) ?? [];
const found = (passage: PassagePart[]) => passage.filter((part) => part.isMatch).map((part) => part.text);
const whole = (passage: PassagePart[]) => passage.map((part) => part.text).join('');

beforeAll(async () => {
  ({ t } = await createIngestionApp());
  memos = (await db().selectFrom('report_definitions').select('id').where('code', '=', MEMO_TYPE).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

/**
 * A long text's passage is read from a window around the first place a word appears, not from all
 * of its first 100,000 characters (document-text-search.ts, textPassage): what shows is the same
 * kind of passage, the words found marked, whatever the length.
 */
describe('a passage of a long text', () => {
  it('shows a word found deep in the text, with the words around it and no word cut', async () => {
    const [id] = await memosWith([{ content: `${filler(8_000)} the lighthouse keeper writes his log ${filler(2_000, 3)}` }]);
    const passage = await passageOf(id!, 'lighthouse');
    expect(found(passage)).toEqual(['lighthouse']);
    expect(whole(passage)).toContain('the lighthouse keeper writes his log');
    // Every word shown is one of the text's, whole.
    const words = new Set(['harbour', 'notes', 'of', 'the', 'quay', 'and', 'its', 'boats', 'lighthouse', 'keeper', 'writes', 'his', 'log']);
    expect(
      whole(passage)
        .split(/\s+|…/)
        .filter(Boolean)
        .every((word) => words.has(word)),
    ).toBe(true);
  });

  it('shows no word the window cuts into, at either end', async () => {
    // Numbered words of 20 characters: the window's edges, 150 characters before the first
    // "lighthouse" and 1,350 after it, fall inside words, a fragment reaches nine words (189
    // characters) either side of a word found, and the second "lighthouse" sits just before the end.
    const ledger = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => `ledger${String(from + index).padStart(14, '0')}`);
    const words = [...ledger(0, 1_000), 'lighthouse', ...ledger(1_000, 62), 'lighthouse', ...ledger(1_062, 1_000)];
    const [id] = await memosWith([{ content: words.join(' ') }]);
    const passage = await passageOf(id!, 'lighthouse');
    expect(found(passage)).toEqual(['lighthouse', 'lighthouse']);
    const shown = whole(passage).split(/\s+|…/).filter(Boolean);
    expect(shown.filter((word) => !words.includes(word))).toEqual([]);
  });

  it('is read from around the first place the word appears: a second place far beyond is not shown', async () => {
    const [long, short] = await memosWith([
      { content: `${filler(100)} beacon one ${filler(4_000)} beacon two ${filler(100)}` },
      { content: `${filler(20)} beacon one ${filler(30)} beacon two ${filler(20)}` },
    ]);
    expect(whole(await passageOf(long!, 'beacon'))).not.toContain('two');
    expect(found(await passageOf(long!, 'beacon'))).toEqual(['beacon']);
    // A short text's passage is read from the whole of it, as ts_headline picks its fragments.
    expect(found(await passageOf(short!, 'beacon'))).toEqual(['beacon', 'beacon']);
  });

  it('finds a French word written with accents, searched without them and in another form', async () => {
    const [id] = await memosWith([
      {
        language: 'fr',
        content: `${filler(3_000)} La prochaine échéance du prêt est reportée. ${filler(3_000)} Dernière échéance du prêt. ${filler(50)}`,
      },
    ]);
    for (const words of ['echeances', 'Échéance', 'pret']) {
      const passage = await passageOf(id!, words);
      // One place: the window around the first (the second, far beyond, would be a second fragment).
      expect(found(passage), words).toHaveLength(1);
      expect(whole(passage), words).toContain('La prochaine échéance du prêt est reportée.');
    }
  });

  it('still shows the word when the place first found is another word’s part, or the stem does not start the word', async () => {
    // "pay" first appears inside "repayment"; English stems "skies" as "sky".
    const [id] = await memosWith([{ content: `repayment schedule ${filler(3_000)} please pay now under clear skies ${filler(500)}` }]);
    expect(found(await passageOf(id!, 'pay'))).toEqual(['pay']);
    expect(found(await passageOf(id!, 'sky'))).toEqual(['skies']);
    expect(found(await passageOf(id!, 'pay skies'))).toEqual(['pay', 'skies']);
  });

  it('shows the words of the text’s first 100,000 characters only, as before', async () => {
    const [id] = await memosWith([{ content: `${filler(Math.ceil(PASSAGE_SOURCE_CHARACTERS / 5))} albatross ${filler(100)}` }]);
    const passage = await passageOf(id!, 'albatross');
    expect(found(passage)).toEqual([]);
    expect(whole(passage).length).toBeGreaterThan(0);
  });

  it('is read whole from a short text: both places a word appears are shown', async () => {
    const content = `gull ${filler(Math.floor(PASSAGE_WHOLE_TEXT_BYTES / 6) - 10)} gull`;
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(PASSAGE_WHOLE_TEXT_BYTES);
    const [id] = await memosWith([{ content }]);
    expect(found(await passageOf(id!, 'gull'))).toEqual(['gull', 'gull']);
  });
});

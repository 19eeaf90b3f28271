import { describe, expect, it } from 'vitest';
import { z } from '../zod.js';
import { endpoints } from '../endpoints/index.js';
import { allowControlCharacters, guardRequestSchema, hasControlCharacters, replaceControlCharacters } from './request-values.js';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('control characters', () => {
  it('finds C0 and C1 controls and unpaired surrogates', () => {
    for (const text of ['\u0000', 'a\tb', 'a\nb', '\r', '\u001b[0m', '\u007f', '\u0085', 'x\ud800', '\udfffx', '\ud83d']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('lets legitimate unicode through: accents, ligatures, emoji and their joiners, CJK, right-to-left, marks', () => {
    for (const text of ['Zoë Ōtsuka-Nguyễn', 'ﬁnance', '😀 👩‍👩‍👧 🇨🇦', '中文 한국어 日本語', 'עברית العربية', 'e\u0301', '\u00a0', 'O’Neil']) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
  });

  it('replaces each one with a stand-in', () => {
    expect(replaceControlCharacters('a\u0000b\ud800c\u0085')).toBe('a\ufffdb\ufffdc\ufffd');
    expect(replaceControlCharacters('Zoë 😀')).toBe('Zoë 😀');
  });
});

describe('guardRequestSchema', () => {
  const schema = guardRequestSchema(
    z.object({
      name: z.string().check(z.trim()),
      tags: z._default(z.array(z.string()), []),
      nested: z.optional(z.object({ value: z.nullish(z.string()), id: z.number().check(z.int()) })),
      filter: z.pipe(
        z.nullish(z.string()),
        z.transform((value) => value ?? ''),
      ),
      credential: allowControlCharacters(z.string()),
    }),
  );

  it('accepts ordinary requests unchanged', () => {
    const parsed = schema.safeParse({ name: ' Zoë 😀 ', nested: { value: null, id: 2_147_483_647 }, credential: 'x' });
    expect(parsed.data).toEqual({ name: 'Zoë 😀', tags: [], nested: { value: null, id: 2_147_483_647 }, filter: '', credential: 'x' });
  });

  it('reports every text holding control characters, at its path, with the key', () => {
    const result = schema.safeParse({
      name: 'a\u0000',
      tags: ['ok', 'b\n'],
      nested: { value: '\ud800', id: 1 },
      filter: 'c\t',
      credential: 'x',
    });
    expect(issuesOf(result)).toEqual([
      { path: 'name', message: 'validation.controlCharacters' },
      { path: 'tags.1', message: 'validation.controlCharacters' },
      { path: 'nested.value', message: 'validation.controlCharacters' },
      { path: 'filter', message: 'validation.controlCharacters' },
    ]);
  });

  it('refuses numbers a database integer cannot hold', () => {
    expect(issuesOf(schema.safeParse({ name: 'a', nested: { value: null, id: 2 ** 31 }, credential: 'x' }))).toEqual([
      { path: 'nested.id', message: 'validation.numberTooLarge' },
    ]);
  });

  it('lets a part made by allowControlCharacters through, and ignores fields the schema drops', () => {
    expect(schema.safeParse({ name: 'a', credential: '\u0000', undeclared: '\u0000' }).success).toBe(true);
  });

  it('leaves the schema’s own rules first and untouched', () => {
    expect(issuesOf(schema.safeParse({ name: 1, credential: 'x' }))[0]?.path).toBe('name');
    expect(guardRequestSchema(z.string().check(z.maxLength(2))).safeParse('abc').success).toBe(false);
  });

  it('lets sign-in take any username and password, and nothing else', () => {
    const signIn = guardRequestSchema(endpoints.processLogin.body);
    expect(signIn.safeParse({ UserName: 'demo\u0000', Password: 'p\u0000' }).success).toBe(true);
    expect(issuesOf(signIn.safeParse({ UserName: 'demo', Password: 'p', DeviceId: 'd\u0000' }))).toEqual([
      { path: 'DeviceId', message: 'validation.controlCharacters' },
    ]);
    expect(issuesOf(guardRequestSchema(endpoints.forgotPassword.body).safeParse({ userName: 'demo\u0000' }))[0]?.message).toBe(
      'validation.controlCharacters',
    );
  });
});

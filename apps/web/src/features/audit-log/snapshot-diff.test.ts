import { describe, expect, it } from 'vitest';
import { compareSnapshots, describeFieldPath } from './snapshot-diff';

describe('compareSnapshots', () => {
  it('lists every field of both snapshots and tells which changed', () => {
    expect(
      compareSnapshots(
        { keyId: 7, name: 'Feed', revokedAt: null, types: ['A', 'B'] },
        { keyId: 7, name: 'Feed', revokedAt: '2031-03-05T09:00:00.000Z', types: ['A', 'B'] },
      ),
    ).toEqual([
      { path: 'keyId', before: '7', after: '7', isChanged: false },
      { path: 'name', before: 'Feed', after: 'Feed', isChanged: false },
      { path: 'revokedAt', before: 'null', after: '2031-03-05T09:00:00.000Z', isChanged: true },
      { path: 'types', before: 'A, B', after: 'A, B', isChanged: false },
    ]);
  });

  it('opens nested objects and lists of objects, and reads a missing side as absent', () => {
    expect(compareSnapshots(null, { roleNames: [{ role: 'USER', nameEn: 'Member' }], colors: { primary: '#123456' } })).toEqual([
      { path: 'roleNames.0.role', before: undefined, after: 'USER', isChanged: true },
      { path: 'roleNames.0.nameEn', before: undefined, after: 'Member', isChanged: true },
      { path: 'colors.primary', before: undefined, after: '#123456', isChanged: true },
    ]);
    expect(compareSnapshots({ firstName: 'Old', gone: true }, { firstName: 'New' })).toEqual([
      { path: 'firstName', before: 'Old', after: 'New', isChanged: true },
      { path: 'gone', before: 'true', after: undefined, isChanged: true },
    ]);
    expect(compareSnapshots(null, null)).toEqual([]);
  });
});

describe('describeFieldPath', () => {
  const names: Record<string, string> = { faqId: 'Question number', roleNames: 'Role names', nameEn: 'Name in English' };
  const nameOf = (name: string, parent: string | undefined) => (parent === 'colors' ? `colour ${name}` : names[name]);

  it('names each part in words, numbers list items from 1, and keeps a name it has no words for', () => {
    expect(describeFieldPath('faqId', nameOf)).toBe('Question number');
    expect(describeFieldPath('roleNames.0.nameEn', nameOf)).toBe('Role names › 1 › Name in English');
    expect(describeFieldPath('colors.primary', nameOf)).toBe('colors › colour primary');
    expect(describeFieldPath('somethingNew', nameOf)).toBe('somethingNew');
  });
});

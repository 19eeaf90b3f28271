import { describe, expect, it } from 'vitest';
import { useFixture } from './fixture-hooks.js';
import { PERSON_HEADERS, column, openUsageFixture, readSheet } from './usage-reports-fixture.js';

const usage = useFixture(openUsageFixture);

describe('POST /reports/generate, users and newUsers', () => {
  it('lists every account that existed during the range, with its status, in creation order', async () => {
    const sheet = await readSheet(await usage.superGenerate({ type: 'users', clientIds: [usage.ids.nbf], emailContains: 'usage.' }));
    expect(sheet.name).toBe('Users');
    expect(sheet.headers).toEqual([
      'Id',
      ...PERSON_HEADERS,
      'Language',
      'Created (UTC+00:00)',
      'Last sign-in (UTC+00:00)',
      'Status',
      'Deleted (UTC+00:00)',
    ]);
    expect(sheet.rows.map((row) => [row[1], row[11]])).toEqual([
      ['usage.ada', 'Active'],
      ['usage.ben', 'Active'],
      ['usage.veteran', 'Active'],
      ['usage.gone', 'Deleted'],
    ]);
    const ben = sheet.rows[1]!;
    expect(ben.slice(0, 9)).toEqual([
      usage.ids.ben,
      'usage.ben',
      'Benoît',
      'Quintal',
      'usage.ben@example.com',
      'User',
      'Northbridge Financial',
      'Northbridge Financial',
      'French',
    ]);
    expect(Math.abs((ben[10] as Date).getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(ben[12]).toBeNull();
    const veteran = sheet.rows[2]!;
    expect((veteran[9] as Date).toISOString()).toBe('2024-01-15T12:00:00.000Z');
    expect(veteran[10]).toBeNull();
    expect(sheet.rows[3]![12]).toBeInstanceOf(Date);
  });

  it('lists only the accounts created in the range as new users', async () => {
    const sheet = await readSheet(
      await usage.superGenerate({ type: 'newUsers', clientIds: [usage.ids.nbf, usage.ids.lau], emailContains: 'usage.' }),
    );
    expect(sheet.name).toBe('New users');
    expect(column(sheet, 'Username')).toEqual(['usage.ada', 'usage.ben', 'usage.cleo']);
    const early = await readSheet(
      await usage.superGenerate({
        type: 'newUsers',
        clientIds: [usage.ids.nbf],
        emailContains: 'usage.',
        dateFrom: '2024-01-01',
        dateTo: '2024-01-31',
      }),
    );
    expect(column(early, 'Username')).toEqual(['usage.veteran', 'usage.gone', 'usage.former']);
  });
});

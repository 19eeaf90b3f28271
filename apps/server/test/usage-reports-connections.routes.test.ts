import { describe, expect, it } from 'vitest';
import { insertConnectionLog } from '../src/db/seed/factories.js';
import { useFixture } from './fixture-hooks.js';
import { PERSON_HEADERS, column, daysAgo, openUsageFixture, readSheet, today } from './usage-reports-fixture.js';

const usage = useFixture(openUsageFixture);

describe('POST /reports/generate, connection', () => {
  it('gives one row per sign-in or failed attempt of the chosen client’s people, oldest first, as an .xlsx attachment', async () => {
    const before = [daysAgo(6), today()];
    const response = await usage.superGenerate({ clientIds: [usage.ids.nbf], emailContains: 'usage.' });
    const after = [daysAgo(6), today()];
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // By default the last seven days, today included, and the connection type.
    expect([
      `attachment; filename="usage-connection-${before[0]}_${before[1]}.xlsx"`,
      `attachment; filename="usage-connection-${after[0]}_${after[1]}.xlsx"`,
    ]).toContain(response.headers['content-disposition']);
    const sheet = await readSheet(response);
    expect(sheet.name).toBe('Connections');
    expect(sheet.headers).toEqual(['Date and time (UTC+00:00)', 'Result', ...PERSON_HEADERS, 'Device', 'IP address']);
    // The password step that waited for its code is not a sign-in of its own; the code step is.
    expect(sheet.rows.map((row) => [row[2], row[1]])).toEqual([
      ['usage.ada', 'Signed in'],
      ['usage.ada', 'Wrong password'],
      ['usage.ben', 'Signed in'],
      ['usage.ben', 'Signed in'],
    ]);
    expect(sheet.rows[0]!.slice(2)).toEqual([
      'usage.ada',
      'Adélaïde',
      'Quenneville',
      'usage.ada@example.com',
      'User',
      'Northbridge Financial',
      'Northbridge Wealth',
      null,
      '127.0.0.1',
    ]);
    expect(column(sheet, 'Device')[1]).toBe('device-of-ada');
    const times = column(sheet, 'Date and time (UTC+00:00)') as Date[];
    for (const time of times) {
      expect(time).toBeInstanceOf(Date);
      expect(Math.abs(time.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    }
    expect(times.map((time) => time.getTime())).toEqual([...times].map((time) => time.getTime()).sort((a, b) => a - b));
  });

  it('covers several clients at once, with each client’s own role names', async () => {
    const sheet = await readSheet(await usage.superGenerate({ clientIds: [usage.ids.nbf, usage.ids.lau], emailContains: 'usage.' }));
    expect(column(sheet, 'Username')).toEqual(['usage.ada', 'usage.ada', 'usage.ben', 'usage.ben', 'usage.cleo']);
    expect(sheet.rows[4]!.slice(6, 9)).toEqual(['Customer', 'Laurentian Utilities', 'Laurentian Energy']);
    const onlyLau = await readSheet(await usage.superGenerate({ clientIds: [usage.ids.lau], emailContains: 'usage.' }));
    expect(column(onlyLau, 'Username')).toEqual(['usage.cleo']);
  });

  it('shows every time in the requester’s time zone and takes its days from there', async () => {
    await insertConnectionLog(usage.t.database.db, [
      { user_id: usage.ids.veteran, occurred_at: '2024-03-10T04:30:00Z' },
      { user_id: usage.ids.veteran, occurred_at: '2024-03-10T05:30:00Z' },
      { user_id: usage.ids.veteran, occurred_at: '2024-03-11T04:59:59Z' },
      { user_id: usage.ids.veteran, occurred_at: '2024-03-11T05:00:00Z' },
    ]);
    const shown = async (timeZoneOffset: number) => {
      const sheet = await readSheet(
        await usage.superGenerate({
          clientIds: [usage.ids.nbf],
          emailContains: 'usage.veteran',
          dateFrom: '2024-03-10',
          dateTo: '2024-03-10',
          timeZoneOffset,
        }),
      );
      return { header: sheet.headers[0], times: sheet.rows.map((row) => (row[0] as Date).toISOString().slice(0, 19)) };
    };
    expect(await shown(0)).toEqual({ header: 'Date and time (UTC+00:00)', times: ['2024-03-10T04:30:00', '2024-03-10T05:30:00'] });
    // Montréal in winter: getTimezoneOffset() is 300, the day runs from 05:00 to 05:00 UTC.
    expect(await shown(300)).toEqual({ header: 'Date and time (UTC-05:00)', times: ['2024-03-10T00:30:00', '2024-03-10T23:59:59'] });
    // Paris in winter: -60, the day runs from 23:00 the day before to 23:00 UTC.
    expect(await shown(-60)).toEqual({ header: 'Date and time (UTC+01:00)', times: ['2024-03-10T05:30:00', '2024-03-10T06:30:00'] });
  });

  it('filters on parts of the first name, the last name and the e-mail, ignoring case, with wildcards taken literally', async () => {
    const usernames = async (filters: object) =>
      column(await readSheet(await usage.superGenerate({ clientIds: [usage.ids.nbf, usage.ids.lau], ...filters })), 'Username');
    expect(await usernames({ firstNameContains: 'adél' })).toEqual(['usage.ada', 'usage.ada']);
    expect(await usernames({ lastNameContains: 'QUENN' })).toEqual(['usage.ada', 'usage.ada', 'usage.cleo']);
    expect(await usernames({ emailContains: 'USAGE.BEN@' })).toEqual(['usage.ben', 'usage.ben']);
    expect(await usernames({ lastNameContains: 'quenn', emailContains: 'cleo' })).toEqual(['usage.cleo']);
    expect(await usernames({ emailContains: '%' })).toEqual([]);
    expect(await usernames({ firstNameContains: '_' })).toEqual([]);
  });
});

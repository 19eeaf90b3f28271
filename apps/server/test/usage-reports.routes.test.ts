import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { createUsageReportsRepository } from '../src/db/repositories/usage-reports.repository.js';
import { insertConnectionLog, insertUser } from '../src/db/seed/factories.js';
import { hashPassword } from '../src/services/passwords.js';
import { startBatches, streamSpreadsheet } from '../src/services/usage-spreadsheet.js';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from './test-app.js';
import { answerOf } from './wire.js';

/** The columns that name the person, in every spreadsheet type. */
const PERSON_HEADERS = ['Username', 'First name', 'Last name', 'E-mail', 'Role', 'Client', 'Division'];

let t: TestApp;
const cookies: Record<string, string> = {};
const ids = { nbf: 0, lau: 0, ada: 0, ben: 0, cleo: 0, veteran: 0, gone: 0 };
const DAY_MS = 86_400_000;

/** The people of this file: their e-mails all contain "usage.", which no demo account's does. */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const idOf = async (table: 'clients' | 'experiences', code: string) =>
    (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  ids.nbf = await idOf('clients', 'NBF');
  ids.lau = await idOf('clients', 'LAU');
  const nbw = await idOf('experiences', 'NBW');
  const nbfDivision = await idOf('experiences', 'NBF');
  const lae = await idOf('experiences', 'LAE');
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const longAgo = new Date('2024-01-15T12:00:00Z');

  ids.ada = await insertUser(db, {
    username: 'usage.ada',
    first_name: 'Adélaïde',
    last_name: 'Quenneville',
    client_id: ids.nbf,
    experience_id: nbw,
    password_hash,
    mfa_active: true,
  });
  ids.ben = await insertUser(db, {
    username: 'usage.ben',
    first_name: 'Benoît',
    last_name: 'Quintal',
    client_id: ids.nbf,
    experience_id: nbfDivision,
    password_hash,
    mfa_active: false,
    contact_language: 'fr',
  });
  ids.cleo = await insertUser(db, {
    username: 'usage.cleo',
    first_name: 'Cléo',
    last_name: 'Quenneville',
    client_id: ids.lau,
    experience_id: lae,
    password_hash,
    mfa_active: false,
  });
  ids.veteran = await insertUser(db, {
    username: 'usage.veteran',
    first_name: 'Victor',
    last_name: 'Vézina',
    client_id: ids.nbf,
    experience_id: nbfDivision,
    created_at: longAgo,
  });
  ids.gone = await insertUser(db, {
    username: 'usage.gone',
    first_name: 'Gaston',
    last_name: 'Gendron',
    client_id: ids.nbf,
    experience_id: nbfDivision,
    created_at: longAgo,
    deleted_at: new Date(Date.now() - DAY_MS),
  });
  // Deleted before any range of these tests begins: no longer a user of it.
  await insertUser(db, {
    username: 'usage.former',
    client_id: ids.nbf,
    experience_id: nbfDivision,
    created_at: longAgo,
    deleted_at: new Date('2024-02-01T00:00:00Z'),
  });

  // Sign-ins through the real endpoints, in this order.
  await signIn(t, 'usage.ada');
  const wrong = await t.app.inject({
    method: 'POST',
    url: '/login/processlogin',
    payload: { UserName: 'usage.ada', Password: 'Wrong#2026', DeviceId: 'device-of-ada' },
  });
  expect(wrong.statusCode).toBe(400);
  await signIn(t, 'usage.ben');
  await signIn(t, 'usage.ben');
  await signIn(t, 'usage.cleo');

  for (const username of ['demo.super', 'demo.internal', 'demo.user', 'demo.admin', 'demo.service'])
    cookies[username] = await signIn(t, username);
});
afterAll(() => t.close());

const generate = (cookie: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/reports/generate', payload: body, headers: { cookie } });
const superGenerate = (body: object) => generate(cookies['demo.super']!, body);

/** The first sheet of an .xlsx answer: its name, its header row, and its rows with empty cells as null. */
async function readSheet(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  // exceljs types its Buffer as an ArrayBuffer; a Node Buffer is what it reads.
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value ?? null)));
  return { name: sheet.name, headers: rows[0]!, rows: rows.slice(1) };
}

/** The cells of one column, by its header. */
function column(sheet: { headers: unknown[]; rows: unknown[][] }, header: string): unknown[] {
  const index = sheet.headers.indexOf(header);
  expect(index, `column ${header} in ${sheet.headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return sheet.rows.map((row) => row[index]);
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

describe('POST /reports/generate, connection', () => {
  it('gives one row per sign-in or failed attempt of the chosen client’s people, oldest first, as an .xlsx attachment', async () => {
    const before = [daysAgo(6), today()];
    const response = await superGenerate({ clientIds: [ids.nbf], emailContains: 'usage.' });
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
    const sheet = await readSheet(await superGenerate({ clientIds: [ids.nbf, ids.lau], emailContains: 'usage.' }));
    expect(column(sheet, 'Username')).toEqual(['usage.ada', 'usage.ada', 'usage.ben', 'usage.ben', 'usage.cleo']);
    expect(sheet.rows[4]!.slice(6, 9)).toEqual(['Customer', 'Laurentian Utilities', 'Laurentian Energy']);
    const onlyLau = await readSheet(await superGenerate({ clientIds: [ids.lau], emailContains: 'usage.' }));
    expect(column(onlyLau, 'Username')).toEqual(['usage.cleo']);
  });

  it('shows every time in the requester’s time zone and takes its days from there', async () => {
    await insertConnectionLog(t.database.db, [
      { user_id: ids.veteran, occurred_at: '2024-03-10T04:30:00Z' },
      { user_id: ids.veteran, occurred_at: '2024-03-10T05:30:00Z' },
      { user_id: ids.veteran, occurred_at: '2024-03-11T04:59:59Z' },
      { user_id: ids.veteran, occurred_at: '2024-03-11T05:00:00Z' },
    ]);
    const shown = async (timeZoneOffset: number) => {
      const sheet = await readSheet(
        await superGenerate({
          clientIds: [ids.nbf],
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
      column(await readSheet(await superGenerate({ clientIds: [ids.nbf, ids.lau], ...filters })), 'Username');
    expect(await usernames({ firstNameContains: 'adél' })).toEqual(['usage.ada', 'usage.ada']);
    expect(await usernames({ lastNameContains: 'QUENN' })).toEqual(['usage.ada', 'usage.ada', 'usage.cleo']);
    expect(await usernames({ emailContains: 'USAGE.BEN@' })).toEqual(['usage.ben', 'usage.ben']);
    expect(await usernames({ lastNameContains: 'quenn', emailContains: 'cleo' })).toEqual(['usage.cleo']);
    expect(await usernames({ emailContains: '%' })).toEqual([]);
    expect(await usernames({ firstNameContains: '_' })).toEqual([]);
  });
});

describe('POST /reports/generate, users and newUsers', () => {
  it('lists every account that existed during the range, with its status, in creation order', async () => {
    const sheet = await readSheet(await superGenerate({ type: 'users', clientIds: [ids.nbf], emailContains: 'usage.' }));
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
      ids.ben,
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
    const sheet = await readSheet(await superGenerate({ type: 'newUsers', clientIds: [ids.nbf, ids.lau], emailContains: 'usage.' }));
    expect(sheet.name).toBe('New users');
    expect(column(sheet, 'Username')).toEqual(['usage.ada', 'usage.ben', 'usage.cleo']);
    const early = await readSheet(
      await superGenerate({
        type: 'newUsers',
        clientIds: [ids.nbf],
        emailContains: 'usage.',
        dateFrom: '2024-01-01',
        dateTo: '2024-01-31',
      }),
    );
    expect(column(early, 'Username')).toEqual(['usage.veteran', 'usage.gone', 'usage.former']);
  });
});

describe('POST /reports/generate, refusals', () => {
  it('refuses a range over three months, and sorts dates given in the wrong order', async () => {
    const tooLong = await superGenerate({ clientIds: [ids.nbf], dateFrom: '2026-01-01', dateTo: '2026-04-02' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, error: 'validation.usageReportRangeTooLong' });
    const reversed = await superGenerate({ clientIds: [ids.nbf], dateFrom: '2026-04-01', dateTo: '2026-01-01' });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.headers['content-disposition']).toBe('attachment; filename="usage-connection-2026-01-01_2026-04-01.xlsx"');
    const endOfMonth = await superGenerate({ clientIds: [ids.nbf], dateFrom: '2025-11-30', dateTo: '2026-03-01' });
    expect(endOfMonth.json().error).toBe('validation.usageReportRangeTooLong');
  });

  it('answers malformed fields with JSON 400 and the key of each rule', async () => {
    const issueOf = async (body: object) => {
      const response = await superGenerate({ clientIds: [ids.nbf], ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'errors.validation' });
      return response.json().issues[0].message;
    };
    expect(await issueOf({ dateFrom: '2026-02-30' })).toBe('validation.dateInvalid');
    expect(await issueOf({ dateTo: '10/03/2026' })).toBe('validation.dateInvalid');
    expect(await issueOf({ type: 'documents' })).toBe('validation.usageReportTypeInvalid');
    expect(await issueOf({ timeZoneOffset: 900 })).toBe('validation.timeZoneOffsetInvalid');
    expect(await issueOf({ timeZoneOffset: 30.5 })).toBe('validation.timeZoneOffsetInvalid');
    expect(await issueOf({ firstNameContains: 'a'.repeat(256) })).toBe('validation.nameTooLong');
    expect(await issueOf({ lastNameContains: 'a'.repeat(256) })).toBe('validation.nameTooLong');
    expect(await issueOf({ emailContains: 'a'.repeat(257) })).toBe('validation.emailFilterTooLong');
    expect(await issueOf({ clientIds: Array.from({ length: 101 }, (_, i) => i + 1) })).toBe('validation.usageReportTooManyClients');
    // The limits themselves are allowed.
    const atLimits = await superGenerate({
      clientIds: [ids.nbf],
      firstNameContains: 'a'.repeat(255),
      lastNameContains: 'b'.repeat(255),
      emailContains: 'c'.repeat(256),
    });
    expect((await readSheet(atLimits)).rows).toEqual([]);
  });

  it('requires a SUPER_USER to choose existing clients', async () => {
    for (const body of [{}, { clientIds: [] }]) {
      const response = await superGenerate(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation.usageReportClientRequired');
    }
    const unknown = await superGenerate({ clientIds: [ids.nbf, 987_654] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('validation.usageReportClientUnknown');
  });
});

describe('who may export usage spreadsheets', () => {
  it('refuses USER, ADMIN and CUSTOMER_SERVICE on every call', async () => {
    for (const username of ['demo.user', 'demo.admin', 'demo.service']) {
      const cookie = cookies[username]!;
      for (const response of [
        await t.app.inject({ url: '/reports/clients', headers: { cookie } }),
        await t.app.inject({ url: '/reports/definitions', headers: { cookie } }),
        await generate(cookie, { clientIds: [ids.nbf] }),
      ]) {
        expect(response.statusCode, username).toBe(403);
        expect(response.json()).toMatchObject({ success: false, error: 'errors.forbidden' });
      }
    }
    expect((await t.app.inject({ url: '/reports/clients' })).statusCode).toBe(401);
  });

  it('lets INTERNAL report on its own client only', async () => {
    const cookie = cookies['demo.internal']!;
    const clients = (await t.app.inject({ url: '/reports/clients', headers: { cookie } })).json();
    expect(clients).toEqual({ success: true, items: [{ Id: ids.nbf, Name: 'Northbridge Financial' }] });
    const own = await readSheet(await generate(cookie, { clientIds: [], emailContains: 'usage.' }));
    expect(column(own, 'Username')).toEqual(['usage.ada', 'usage.ada', 'usage.ben', 'usage.ben']);
    expect((await generate(cookie, { clientIds: [ids.nbf], emailContains: 'usage.' })).statusCode).toBe(200);
    for (const clientIds of [[ids.lau], [ids.nbf, ids.lau]]) {
      const refused = await generate(cookie, { clientIds });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('errors.forbidden');
    }
  });

  it('lets SUPER_USER list every client and the three types', async () => {
    const cookie = cookies['demo.super']!;
    expect((await t.app.inject({ url: '/reports/clients', headers: { cookie } })).json().items).toEqual([
      { Id: ids.lau, Name: 'Laurentian Utilities' },
      { Id: ids.nbf, Name: 'Northbridge Financial' },
    ]);
    expect((await t.app.inject({ url: '/reports/definitions', headers: { cookie } })).json()).toEqual({
      success: true,
      items: [
        { Id: 'connection', Title: 'Connections', ClientId: null },
        { Id: 'users', Title: 'Users', ClientId: null },
        { Id: 'newUsers', Title: 'New users', ClientId: null },
      ],
    });
  });
});

describe('language', () => {
  it('writes titles, headers and words in French when the session speaks French', async () => {
    const cookie = cookies['demo.super']!;
    const setLang = (lang: string) => t.app.inject({ url: `/Localisation/SetLang?lang=${lang}`, headers: { cookie } });
    expect((await setLang('fr')).statusCode).toBe(200);
    try {
      const connection = await readSheet(await generate(cookie, { clientIds: [ids.lau], emailContains: 'usage.' }));
      expect(connection.name).toBe('Connexions');
      expect(connection.headers.slice(0, 3)).toEqual(['Date et heure (UTC+00:00)', 'Résultat', "Nom d'utilisateur"]);
      expect(connection.rows[0]!.slice(1, 2)).toEqual(['Connecté']);
      expect(connection.rows[0]!.slice(6, 9)).toEqual(['Client', 'Services publics Laurentiens', 'Énergie Laurentienne']);
      const users = await readSheet(await generate(cookie, { type: 'users', clientIds: [ids.nbf], emailContains: 'usage.gone' }));
      expect(users.name).toBe('Utilisateurs');
      expect(column(users, 'Statut')).toEqual(['Supprimé']);
      expect(column(users, 'Langue')).toEqual(['Anglais']);
      const definitions = answerOf(
        endpoints.usageReportDefinitions,
        await t.app.inject({ url: '/reports/definitions', headers: { cookie } }),
      ).items;
      expect(definitions.map((d) => d.Title)).toEqual(['Connexions', 'Utilisateurs', 'Nouveaux utilisateurs']);
      const clients = answerOf(endpoints.usageReportClients, await t.app.inject({ url: '/reports/clients', headers: { cookie } })).items;
      expect(clients.map((c) => c.Name)).toEqual(['Financière Northbridge', 'Services publics Laurentiens']);
    } finally {
      await setLang('en');
    }
  });
});

describe('reading and writing in batches', () => {
  it('reads every sign-in exactly once across batches, times equal to the microsecond included', async () => {
    const at = '2024-04-02 10:00:00.123456+00';
    await insertConnectionLog(t.database.db, [
      { user_id: ids.gone, occurred_at: '2024-04-02 10:00:00.123455+00' },
      ...Array.from({ length: 5 }, () => ({ user_id: ids.gone, occurred_at: at })),
      { user_id: ids.gone, occurred_at: '2024-04-02 10:00:00.123457+00', succeeded: false, reason: 'wrong-code' },
    ]);
    const inserted = await t.database.db
      .selectFrom('connection_log')
      .select('id')
      .where('user_id', '=', ids.gone)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
    const repository = createUsageReportsRepository(t.database.db);
    const filter = {
      clientIds: [ids.nbf],
      from: new Date('2024-04-02T00:00:00Z'),
      to: new Date('2024-04-03T00:00:00Z'),
      firstNameContains: '',
      lastNameContains: '',
      emailContains: 'usage.gone',
    };
    const batches: number[][] = [];
    for await (const batch of repository.connectionBatches(filter, 2)) batches.push(batch.map((row) => row.id));
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    expect(batches.flat()).toEqual(inserted.map((row) => row.id));
  });

  it('reads the next batch only once the client has taken the bytes of the previous ones', async () => {
    const batchCount = 100;
    let pulled = 0;
    async function* rows() {
      for (let batch = 0; batch < batchCount; batch++) {
        pulled += 1;
        // Random text compresses little, so the buffers on the way to the client fill as they would with real rows.
        yield Array.from({ length: 200 }, () => [randomUUID(), randomUUID()]);
      }
    }
    const stream = streamSpreadsheet(
      {
        sheetName: 'Sheet',
        columns: [
          { header: 'A', width: 40 },
          { header: 'B', width: 40 },
        ],
        batches: rows(),
      },
      () => {},
    );
    // Nobody reads yet: the writer stops asking for rows once the buffers are full.
    for (let seen = -1; seen !== pulled;) {
      seen = pulled;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(pulled).toBeLessThan(batchCount / 2);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(pulled).toBe(batchCount);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + batchCount * 200);
  });

  it('cuts the download and reports the failure when reading fails after the first bytes', async () => {
    async function* failing() {
      yield [['first row']];
      throw new Error('the database went away');
    }
    const errors: unknown[] = [];
    const stream = streamSpreadsheet(
      { sheetName: 'Sheet', columns: [{ header: 'Column', width: 10 }], batches: await startBatches(failing()) },
      (error) => errors.push(error),
    );
    const drain = async () => {
      for await (const chunk of stream) expect(chunk).toBeInstanceOf(Buffer);
    };
    await expect(drain()).rejects.toThrow('the database went away');
    expect(errors).toHaveLength(1);
    expect(stream.destroyed).toBe(true);
  });

  it('fails before any byte when the first batch cannot be read', async () => {
    async function* failingAtOnce(): AsyncGenerator<string[][]> {
      const rows: string[][] = await Promise.reject(new Error('the query cannot run'));
      yield rows;
    }
    await expect(startBatches(failingAtOnce())).rejects.toThrow('the query cannot run');
  });
});

import { expect } from 'vitest';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { insertUser } from '../src/db/seed/factories.js';
import { hashPassword } from '../src/services/passwords.js';
import { createTestApp, DEMO_PASSWORD, signIn } from './test-app.js';

/** The columns that name the person, in every spreadsheet type. */
export const PERSON_HEADERS = ['Username', 'First name', 'Last name', 'E-mail', 'Role', 'Client', 'Division'];
export const DAY_MS = 86_400_000;

/**
 * An app with people whose e-mails all contain "usage.", which no demo account's does, their sign-ins
 * (one a failed password) made through the real endpoints, and the demo accounts signed in.
 */
export async function openUsageFixture() {
  const t = await createTestApp();
  const cookies: Record<string, string> = {};
  const ids = { nbf: 0, lau: 0, ada: 0, ben: 0, cleo: 0, veteran: 0, gone: 0 };
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
  const generate = (cookie: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/reports/generate', payload: body, headers: { cookie } });
  return {
    t,
    close: () => t.close(),
    cookies,
    ids,
    generate,
    superGenerate: (body: object) => generate(cookies['demo.super']!, body),
  };
}

/** The first sheet of an .xlsx answer: its name, its header row, and its rows with empty cells as null. */
export async function readSheet(response: LightMyRequestResponse) {
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
export function column(sheet: { headers: unknown[]; rows: unknown[][] }, header: string): unknown[] {
  const index = sheet.headers.indexOf(header);
  expect(index, `column ${header} in ${sheet.headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return sheet.rows.map((row) => row[index]);
}

export const today = () => new Date().toISOString().slice(0, 10);
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

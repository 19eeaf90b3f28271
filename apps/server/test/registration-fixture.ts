import { expect } from 'vitest';
import { endpoints } from '@portal/contract';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { REGISTRATION_PROOF_COOKIE } from '../src/plugins/session.plugin.js';
import { createTestApp, type TestApp } from './test-app.js';
import { grantAccessByName, insertOwnerDocuments, type TestOwner } from './owner-documents.js';
import { insertTestUser } from './user-management-helpers.js';
import { answerOf } from './wire.js';

/** Owners whose documents the registration tests make; nobody holds them but the holders named. */
export const STATEMENTS_OWNER = { number: 'RG-100100', postalCode: 'H3A 2B2', documents: 5 };
export const SECOND_STATEMENTS_OWNER = { number: 'RG-100200', postalCode: 'M5V 3L9', documents: 2 };
export const TAX_OWNER = { number: 'RG-100300', postalCode: 'V6B 4Y8', documents: 2 };
export const HELD_STATEMENTS_OWNER = { number: 'RG-100400', postalCode: 'H2X 1Y4', documents: 3 };
export const HELD_BILLS_OWNER = { number: 'RG-500100', postalCode: 'G1R 4P5', documents: 2 };

/** An app whose owners have documents, two of them already held by a user of their client. */
async function createRegistrationApp(): Promise<TestApp> {
  // Every visitor here comes from one address; the per-address limits have tests of their own.
  const t = await createTestApp({ REGISTRATION_LIMIT_PER_IP: '1000', CODE_SEND_LIMIT_PER_IP: '1000' });
  const owners: [string, TestOwner & { documents: number }][] = [
    ['NBF-STMT', STATEMENTS_OWNER],
    ['NBF-STMT', SECOND_STATEMENTS_OWNER],
    ['NBF-TAX', TAX_OWNER],
    ['NBF-STMT', HELD_STATEMENTS_OWNER],
    ['LAU-BILL', HELD_BILLS_OWNER],
  ];
  for (const [code, owner] of owners)
    await insertOwnerDocuments(
      t,
      code,
      owner,
      Array.from({ length: owner.documents }, () => ({})),
    );
  const holder = await insertTestUser(t, { username: 'statements.holder', role_code: 'USER', clientCode: 'NBF' });
  await grantAccessByName(t, holder, 'NBF-STMT', [{ accountNumber: HELD_STATEMENTS_OWNER.number }]);
  const lauHolder = await insertTestUser(t, { username: 'bills.holder', role_code: 'USER', clientCode: 'LAU' });
  await grantAccessByName(t, lauHolder, 'LAU-BILL', [{ customerNumber: HELD_BILLS_OWNER.number }]);
  return t;
}

export const PASSWORD = 'Registr#2026x';
let sequence = 0;

/** A registration model for a new person; the e-mail is the username at example.com, as the sign-in helper expects. */
export function person(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const userName = `visitor.${sequence}.${Date.now()}`;
  return {
    firstName: 'Zoé',
    lastName: "O'Neil",
    email: `${userName}@example.com`,
    userName,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    reportsLst: [],
    choosenReports: [],
    ...overrides,
  };
}

type Model = ReturnType<typeof person>;

export interface PostOptions {
  exp?: string;
  lang?: string;
  ip?: string;
  /** The registration-proof cookie a browser got from step 2. */
  proof?: string;
}

export function proofCookieOf(response: { cookies: { name: string; value: string }[] }) {
  return response.cookies.find((cookie) => cookie.name === REGISTRATION_PROOF_COOKIE);
}

/** The registration app, the calls of a visitor to it, and what the tests read back. */
export async function openRegistrationFixture() {
  const t = await createRegistrationApp();

  async function post(url: string, payload: unknown, options: PostOptions = {}) {
    const proof = options.proof === undefined ? '' : `; ${REGISTRATION_PROOF_COOKIE}=${options.proof}`;
    return t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { cookie: `exp=${options.exp ?? 'NBF'}; lang=${options.lang ?? 'en'}${proof}` },
      remoteAddress: options.ip ?? '10.1.0.1',
    });
  }

  async function reportId(code: string): Promise<number> {
    const row = await t.database.db.selectFrom('report_definitions').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return row.id;
  }

  /** Steps 1 to 3: returns the code read from the e-mail, step 2's proof of it, and the chosen types with their attributes. */
  async function throughStep3(model: Model, codes: string[], options: { exp?: string; lang?: string } = {}) {
    const before = t.smtp.messages.length;
    const step1 = await post('/api/validateregistrationstep1', model, options);
    expect(step1.statusCode, step1.body).toBe(200);
    const code = codeOf(await t.smtp.waitFor(model.email, { after: before }));
    const step2 = await post('/api/validateregistrationstep2', { data: model, contactValidationCode: code }, options);
    expect(step2.statusCode, step2.body).toBe(200);
    const ids = await Promise.all(codes.map(reportId));
    const reportsLst = answerOf(endpoints.validateRegistrationStep2, step2).reportsLst.map((r) => ({ ...r, Checked: ids.includes(r.Id) }));
    const step3 = await post('/api/validateregistrationstep3', { ...model, reportsLst }, options);
    expect(step3.statusCode, step3.body).toBe(200);
    const proof = proofCookieOf(step2)!.value;
    return { code, proof, reportsLst, choosenReports: answerOf(endpoints.validateRegistrationStep3, step3).choosenReports };
  }

  const usersNamed = async (username: string) =>
    (await t.database.db.selectFrom('users').select('id').where('username', '=', username).execute()).length;

  return { t, close: () => t.close(), post, reportId, throughStep3, usersNamed };
}

type RegistrationFixture = Awaited<ReturnType<typeof openRegistrationFixture>>;
type ChosenReports = Awaited<ReturnType<RegistrationFixture['throughStep3']>>['choosenReports'];

/** Fills each chosen type with the owner number and postal code printed on that owner's documents. */
export function fill(chosen: ChosenReports, { number, postalCode }: TestOwner) {
  return chosen.map((report) => ({
    ...report,
    Attributes: report.Attributes.map((a) => ({ ...a, Value: a.NameEn === 'Postal code' ? postalCode : number })),
  }));
}

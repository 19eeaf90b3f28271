import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CUSTOMER_VIEW_ERROR_KEYS, endpoints, ERROR_KEYS } from '@portal/contract';
import { chainedOf, createAccessEvidenceRepository } from '../src/db/repositories/access-evidence.repository.js';
import { createTransact } from '../src/db/transact.js';
import { evidenceHash } from '../src/domain/access-evidence.js';
import { createAccessEvidenceService } from '../src/services/access-evidence.service.js';
import { encodeDocumentKey } from '../src/services/document-key.js';
import { createTestApp, sessionCookieOf, signIn, type TestApp } from './test-app.js';
import { READER_OWNER, TYPES, createDocumentsFixture, type DocumentsFixture } from './documents-fixture.js';
import { answerOf, refusalOf } from './wire.js';

let t: TestApp;
let fixture: DocumentsFixture;
let readerId: number;
let staffId: number;
beforeAll(async () => {
  t = await createTestApp();
  fixture = await createDocumentsFixture(t);
  readerId = await idOf(fixture.reader);
  staffId = await idOf(fixture.staff);
  await fixture.addPerson('acme.service', 'CUSTOMER_SERVICE');
});
afterAll(() => t.close());

const db = () => t.database.db;
async function idOf(username: string): Promise<number> {
  return (await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}
const own = () => fixture.documents[TYPES.statements.code]!.filter((d) => d.attributes.accountNumber === READER_OWNER.number);
const keyOf = (id: number) => encodeDocumentKey({ id, reportCode: TYPES.statements.code, language: 'en' });
const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

/** Opens a view of the customer for the person of this session; answers the view's session cookie and the answer. */
async function startView(staffCookie: string, customerId: number, reason = 'Ticket 4471: cannot find March statement') {
  const response = await call(staffCookie, 'POST', `/api/usermanagement/users/${customerId}/customer-view`, { reason });
  return { response, cookie: response.statusCode === 200 ? sessionCookieOf(response) : '' };
}
const leave = (cookie: string) => call(cookie, 'POST', '/api/customer-view/end');
/** The client's setting, changed in the tenant console by a super user as an operator would. */
async function setClientDocuments(value: 'none' | 'preview' | 'previewAndDownload') {
  const console = await signIn(t, 'demo.super');
  const clients = answerOf(endpoints.listConsoleClients, await call(console, 'GET', '/api/console/clients')).data;
  const { id, nameEn, nameFr, onboardingEnabled, blockDuplicates, smsAllowed, roleNames } = clients.find(
    (client) => client.code === 'ACME',
  )!;
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/console/clients/${id}`,
    payload: { nameEn, nameFr, onboardingEnabled, blockDuplicates, smsAllowed, roleNames, customerViewDocuments: value },
    headers: { cookie: console },
  });
  expect(answerOf(endpoints.updateConsoleClient, saved).data.customerViewDocuments).toBe(value);
}
const viewedCount = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM document_views WHERE user_id = ${readerId}`.execute(db())).rows[0]!.n);
const auditOf = (action: string) =>
  db().selectFrom('audit_log').select(['actor_user_id', 'target_user_id', 'after']).where('action', '=', action).orderBy('id').execute();

describe('viewing as a customer', () => {
  it("shows the customer's own dashboard and lists under the staff member's view, with both names, the reason and the end", async () => {
    const staff = await signIn(t, fixture.staff);
    const { response, cookie } = await startView(staff, readerId);
    const started = answerOf(endpoints.startCustomerView, response);
    expect(started.user).toMatchObject({ userid: readerId, role: 'USER', menus: [] });
    expect(started.view).toMatchObject({
      customer: { userid: readerId, username: fixture.reader },
      reason: 'Ticket 4471: cannot find March statement',
      documents: 'preview',
    });
    const minutes = (Date.parse(started.view.expiresAt) - Date.parse(started.view.startedAt)) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);

    expect(answerOf(endpoints.currentCustomerView, await call(cookie, 'GET', '/api/customer-view')).view?.id).toBe(started.view.id);
    const reports = answerOf(endpoints.getReports, await call(cookie, 'GET', '/Dashboard/GetReports'));
    const statements = reports.ReportsInfos.find((report) => report.Code === TYPES.statements.code);
    expect(statements?.DocumentCount).toBe(own().length);
    const page = answerOf(endpoints.reportData, await call(cookie, 'POST', `/Dashboard/ReportData/${TYPES.statements.code}`, {}));
    expect(page.TotalDocuments).toBe(own().length);
    // The staff member's own session is untouched meanwhile, and an ordinary session has no view.
    expect(answerOf(endpoints.currentCustomerView, await call(staff, 'GET', '/api/customer-view')).view).toBeNull();
    await leave(cookie);
  });

  it('writes nothing as the customer: previews are evidence of the staff member on their behalf, no viewed mark, no saved search', async () => {
    const { cookie } = await startView(await signIn(t, fixture.staff), readerId);
    const unopened = own().at(-1)!;
    const viewedBefore = await viewedCount();
    const preferenceBefore = (
      await db().selectFrom('users').select('search_preference').where('id', '=', readerId).executeTakeFirstOrThrow()
    ).search_preference;

    expect((await call(cookie, 'GET', `/dashboard/preview?documentKey=${keyOf(unopened.id)}`)).statusCode).toBe(200);
    const searched = await call(cookie, 'POST', `/Dashboard/ReportData/${TYPES.statements.code}`, {
      updateSearchPreference: true,
      searchOptions: { text: '5', fields: ['closingBalance'], operation: 3 },
    });
    expect(searched.statusCode).toBe(200);

    expect(await viewedCount()).toBe(viewedBefore);
    const after = await db().selectFrom('users').select('search_preference').where('id', '=', readerId).executeTakeFirstOrThrow();
    expect(after.search_preference).toEqual(preferenceBefore);
    const evidence = await db().selectFrom('access_evidence').selectAll().where('document_id', '=', unopened.id).execute();
    expect(evidence).toHaveLength(1);
    expect(evidence[0]).toMatchObject({ user_id: staffId, username: fixture.staff, on_behalf_of: readerId, action: 'preview' });
    // The customer acted for is part of the event's hash: the chain holds, and changing it would break it.
    const chaining = createAccessEvidenceService({ evidence: createAccessEvidenceRepository(db()), transact: createTransact(db()) });
    await chaining.chainPending();
    expect((await chaining.verify()).broken).toBeNull();
    const [chained] = await db().selectFrom('access_evidence').selectAll().where('document_id', '=', unopened.id).execute();
    const facts = chainedOf(chained!);
    expect(facts.onBehalfOf).toBe(readerId);
    expect(evidenceHash(facts.previousHash, { ...facts, onBehalfOf: staffId })).not.toBe(facts.hash);
    expect(evidenceHash(facts.previousHash, facts)).toBe(facts.hash);
    await leave(cookie);
  });

  it("opens files only as far as the client's setting lets its staff", async () => {
    const document = `documentKey=${keyOf(own()[0]!.id)}`;
    const { cookie } = await startView(await signIn(t, fixture.staff), readerId);
    const refused = await call(cookie, 'GET', `/dashboard/download?${document}`);
    expect(refused.statusCode).toBe(403);
    expect(refusalOf(refused).error).toBe(CUSTOMER_VIEW_ERROR_KEYS.documentsNotAllowed);

    await setClientDocuments('previewAndDownload');
    expect((await call(cookie, 'GET', `/dashboard/download?${document}`)).statusCode).toBe(200);
    await setClientDocuments('none');
    expect(refusalOf(await call(cookie, 'GET', `/dashboard/preview?${document}`)).error).toBe(CUSTOMER_VIEW_ERROR_KEYS.documentsNotAllowed);
    await setClientDocuments('preview');
    await leave(cookie);
  });

  it('refuses every forged write in the view with 403 and its error key, and audits each call with both people and the reason', async () => {
    const { cookie } = await startView(await signIn(t, fixture.staff), readerId, 'Ticket 9001');
    const forged = [
      call(cookie, 'POST', '/account/set-user-info', { FirstName: 'Mallory' }),
      call(cookie, 'POST', '/api/documents/acknowledge', { documentKey: keyOf(own()[0]!.id) }),
      call(cookie, 'POST', '/api/consent', {}),
      // The sample carries the code the customer types to consent: not the staff member's to read.
      call(cookie, 'GET', '/api/consent/sample'),
      call(cookie, 'POST', '/account/digest-preference', { frequency: 'daily' }),
      call(cookie, 'POST', '/api/account/sessions/end-others'),
      call(cookie, 'GET', '/api/usermanagement/getdatalists'),
      call(cookie, 'POST', `/api/usermanagement/users/${readerId}/customer-view`, { reason: 'again' }),
    ];
    for (const response of await Promise.all(forged)) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(CUSTOMER_VIEW_ERROR_KEYS.readOnly);
    }
    expect((await db().selectFrom('users').select('first_name').where('id', '=', readerId).executeTakeFirstOrThrow()).first_name).not.toBe(
      'Mallory',
    );
    const calls = (await auditOf('customerViewCall')).filter((row) => (row.after as { reason: string }).reason === 'Ticket 9001');
    expect(calls).toHaveLength(forged.length);
    for (const row of calls) {
      expect(row).toMatchObject({ actor_user_id: staffId, target_user_id: readerId, after: { refused: true } });
    }
    await leave(cookie);
  });

  it("gives the staff member's own session back when they leave, and the customer reads who looked, when and why", async () => {
    const staff = await signIn(t, fixture.staff);
    const { cookie } = await startView(staff, readerId, 'Ticket 5150: statement missing');
    const left = await leave(cookie);
    const given = answerOf(endpoints.endCustomerView, left);
    expect(given.user).toMatchObject({ userid: staffId, role: 'ADMIN' });
    expect(given.user?.menus).toContain('userManagement');
    const back = sessionCookieOf(left);
    expect((await call(back, 'GET', '/api/usermanagement/getdatalists')).statusCode).toBe(200);
    // The view's secret and the staff member's former one both stop working.
    expect((await call(cookie, 'GET', '/Dashboard/GetReports')).statusCode).toBe(401);
    expect((await call(staff, 'GET', '/api/usermanagement/getdatalists')).statusCode).toBe(401);

    const [start] = (await auditOf('startCustomerView')).slice(-1);
    const [end] = (await auditOf('endCustomerView')).slice(-1);
    expect(start).toMatchObject({ actor_user_id: staffId, target_user_id: readerId, after: { reason: 'Ticket 5150: statement missing' } });
    expect(end).toMatchObject({ actor_user_id: staffId, target_user_id: readerId, after: { how: 'left' } });

    const history = answerOf(endpoints.ownSignInHistory, await call(await signIn(t, fixture.reader), 'GET', '/api/account/sign-ins'));
    expect(history.customerViews?.[0]).toMatchObject({
      reason: 'Ticket 5150: statement missing',
      staff: { firstname: expect.any(String) },
    });
  });

  it('runs out at its end: the view is refused, and leaving it then gives the staff member their session back', async () => {
    const staff = await signIn(t, fixture.staff);
    const { cookie, response } = await startView(staff, readerId);
    const viewId = answerOf(endpoints.startCustomerView, response).view.id;
    const past = new Date(Date.now() - 1_000);
    await sql`UPDATE customer_views SET expires_at = ${past} WHERE id = ${viewId}`.execute(db());
    await sql`UPDATE sessions SET expires_at = ${past} WHERE customer_view_id = ${viewId}`.execute(db());
    expect((await call(cookie, 'GET', '/Dashboard/GetReports')).statusCode).toBe(401);

    const given = answerOf(endpoints.endCustomerView, await leave(cookie));
    expect(given.user?.userid).toBe(staffId);
    const row = await db().selectFrom('customer_views').select(['end_reason']).where('id', '=', viewId).executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('expired');
  });

  it("signing out in a view ends the staff member's own session too", async () => {
    const staff = await signIn(t, fixture.staff);
    const { cookie } = await startView(staff, readerId);
    expect((await call(cookie, 'GET', '/login/logout')).statusCode).toBe(200);
    expect((await call(staff, 'GET', '/api/usermanagement/getdatalists')).statusCode).toBe(401);
    const [end] = (await auditOf('endCustomerView')).slice(-1);
    expect(end?.after).toMatchObject({ how: 'signedOut' });
  });

  it('is opened by customer service, administrators and super users; refused to customers, other clients, and for staff', async () => {
    expect((await startView(await signIn(t, 'acme.service'), readerId)).response.statusCode).toBe(200);
    expect((await startView(await signIn(t, 'demo.super'), readerId)).response.statusCode).toBe(200);

    const customer = (await startView(await signIn(t, 'demo.user'), readerId)).response;
    expect(customer.statusCode).toBe(403);
    expect(refusalOf(customer).error).toBe(ERROR_KEYS.forbidden);
    const otherClient = (await startView(await signIn(t, 'demo.admin'), readerId)).response;
    expect(otherClient.statusCode).toBe(404);
    expect(refusalOf(otherClient).error).toBe(ERROR_KEYS.userNotFound);
    const ofStaff = (await startView(await signIn(t, fixture.staff), await idOf('acme.service'))).response;
    expect(ofStaff.statusCode).toBe(403);
    expect(refusalOf(ofStaff).error).toBe(CUSTOMER_VIEW_ERROR_KEYS.notACustomer);
    // Customer service may not manage an administrator: not found, as for anyone out of reach.
    expect((await startView(await signIn(t, 'acme.service'), staffId)).response.statusCode).toBe(404);
  });

  it('asks for a reason', async () => {
    const staff = await signIn(t, fixture.staff);
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const refused = (await startView(staff, readerId, reason)).response;
      expect(refused.statusCode).toBe(400);
    }
    const missing = await call(staff, 'POST', `/api/usermanagement/users/${readerId}/customer-view`, {});
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(CUSTOMER_VIEW_ERROR_KEYS.reasonRequired);
  });
});

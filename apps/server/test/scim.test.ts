import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, SCIM_SCHEMAS } from '@portal/contract';
import { connectForProvisioning, createFederationFixture, type FederationFixture } from './federation-fixture.js';
import { signIn } from './test-app.js';
import { answerOf } from './wire.js';

let f: FederationFixture;
let token: string;
let otherToken: string;
const db = () => f.t.database.db;

/** RFC 7643 §8.2's Barbara Jensen, with the e-mail address the portal needs. */
const BJENSEN = {
  schemas: [SCIM_SCHEMAS.user],
  userName: 'bjensen',
  externalId: 'bjensen',
  name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
  emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }],
};

function scim(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object, bearer: string | null = token) {
  return f.t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { ...(bearer && { authorization: `Bearer ${bearer}` }), ...(body && { 'content-type': 'application/scim+json' }) },
    ...(body && { payload: JSON.stringify(body) }),
  });
}

async function tokenOf(cookie: string, clientId: number, connectionId: number) {
  const made = await f.t.app.inject({
    method: 'POST',
    url: `/api/clients/${clientId}/identity-connections/${connectionId}/scim-token`,
    headers: { cookie },
  });
  return answerOf(endpoints.createScimToken, made).data;
}

const auditCount = async () => Number((await db().selectFrom('audit_log').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  f = await createFederationFixture([]);
  const made = await connectForProvisioning(f);
  expect(made.baseUrl).toBe('http://portal.test/scim/v2');
  token = made.token;
  // Another client's provider, with a token of its own.
  const superUser = await signIn(f.t, 'demo.super');
  const nbf = await db().selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  const other = await f.t.app.inject({
    method: 'POST',
    url: `/api/clients/${nbf.id}/identity-connections`,
    payload: f.connection({ experienceCode: 'NBF', domains: ['northbridge.test'] }),
    headers: { cookie: superUser },
  });
  otherToken = (await tokenOf(superUser, nbf.id, answerOf(endpoints.createIdentityConnection, other).data.id)).token;
});
afterAll(() => f.close());

describe('SCIM provisioning', () => {
  it('refuses a call without a live provisioning token, in RFC 7644’s error shape', async () => {
    for (const bearer of [null, 'scim_not-a-token']) {
      const answer = await scim('GET', '/Users', undefined, bearer);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['content-type']).toMatch(/^application\/scim\+json/);
      expect(answer.json()).toMatchObject({ schemas: [SCIM_SCHEMAS.error], status: '401' });
    }
    // A session opens nothing here.
    expect((await f.t.app.inject({ url: '/scim/v2/Users', headers: { cookie: f.staff } })).statusCode).toBe(401);
  });

  it('says what it supports', async () => {
    const config = answerOf(endpoints.scimServiceProviderConfig, await scim('GET', '/ServiceProviderConfig'));
    expect(config).toMatchObject({ patch: { supported: true }, filter: { supported: true }, bulk: { supported: false } });
  });

  it('creates RFC 7643’s example user with the connection’s default role, and refuses it without an address and a second time', async () => {
    const { emails: _emails, ...withoutAddress } = BJENSEN;
    const refused = await scim('POST', '/Users', withoutAddress);
    expect([refused.statusCode, refused.json().scimType]).toEqual([400, 'invalidValue']);

    const created = await scim('POST', '/Users', BJENSEN);
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      userName: 'bjensen',
      externalId: 'bjensen',
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      active: true,
    });
    expect(created.headers.location).toBe(`http://portal.test/scim/v2/Users/${user.id}`);
    const row = await db().selectFrom('users').selectAll().where('id', '=', Number(user.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role_code: 'USER', client_id: f.clientId, email: 'bjensen@example.com', must_set_password: false });

    const again = await scim('POST', '/Users', BJENSEN);
    expect([again.statusCode, again.json().scimType]).toEqual([409, 'uniqueness']);
  });

  it('finds people by userName or externalId, pages the client’s people, and refuses other filters', async () => {
    const byName = answerOf(endpoints.listScimUsers, await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "BJENSEN"')}`));
    expect(byName).toMatchObject({ schemas: [SCIM_SCHEMAS.list], totalResults: 1, startIndex: 1 });
    expect(byName.Resources[0]!.userName).toBe('bjensen');
    const byExternal = answerOf(
      endpoints.listScimUsers,
      await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "bjensen"')}`),
    );
    expect(byExternal.totalResults).toBe(1);

    const all = answerOf(endpoints.listScimUsers, await scim('GET', '/Users?startIndex=1&count=2'));
    expect(all.itemsPerPage).toBe(2);
    const clientPeople = await db().selectFrom('users').select('id').where('client_id', '=', f.clientId).execute();
    expect(all.totalResults).toBe(clientPeople.length);

    const bad = await scim('GET', `/Users?filter=${encodeURIComponent('name.familyName co "J"')}`);
    expect([bad.statusCode, bad.json().scimType]).toEqual([400, 'invalidFilter']);
  });

  it('keeps client boundaries: another client’s token sees none of these people', async () => {
    const bjensen = (await db().selectFrom('users').select('id').where('username', '=', 'bjensen').executeTakeFirstOrThrow()).id;
    expect((await scim('GET', `/Users/${bjensen}`, undefined, otherToken)).statusCode).toBe(404);
    const listed = answerOf(
      endpoints.listScimUsers,
      await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "bjensen"')}`, undefined, otherToken),
    );
    expect(listed.totalResults).toBe(0);
  });

  it('replaces a person as sent, and a second identical run changes and audits nothing', async () => {
    const bjensen = (await db().selectFrom('users').select('id').where('username', '=', 'bjensen').executeTakeFirstOrThrow()).id;
    const replacement = { ...BJENSEN, name: { givenName: 'Babs', familyName: 'Jensen' }, preferredLanguage: 'fr-CA' };
    expect((await scim('PUT', `/Users/${bjensen}`, replacement)).json()).toMatchObject({
      name: { givenName: 'Babs' },
      preferredLanguage: 'fr',
    });
    const before = await auditCount();
    expect((await scim('PUT', `/Users/${bjensen}`, replacement)).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it('patches as RFC 7644 and Entra ID write it; deactivation ends the sessions and the access, reactivation restores it', async () => {
    const bjensen = (await db().selectFrom('users').select('id').where('username', '=', 'bjensen').executeTakeFirstOrThrow()).id;
    const patched = await scim('PATCH', `/Users/${bjensen}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [
        { op: 'replace', value: { emails: [{ value: 'babs@example.com', type: 'work', primary: true }], name: { givenName: 'Barb' } } },
      ],
    });
    expect(patched.json()).toMatchObject({ name: { givenName: 'Barb' }, emails: [{ value: 'babs@example.com' }] });

    await db()
      .insertInto('sessions')
      .values({ id_hash: 'bjensen-session', user_id: bjensen, mfa_pending: false, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    const off = await scim('PATCH', `/Users/${bjensen}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.json().active).toBe(false);
    expect(await db().selectFrom('sessions').select('id_hash').where('user_id', '=', bjensen).execute()).toEqual([]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('target_user_id', '=', bjensen)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'softDeleteUser', actor_user_id: null });

    const on = await scim('PATCH', `/Users/${bjensen}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(on.json().active).toBe(true);

    const unknown = await scim('PATCH', `/Users/${bjensen}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'replace', path: 'phoneNumbers', value: [] }],
    });
    expect([unknown.statusCode, unknown.json().scimType]).toEqual([400, 'invalidPath']);
  });

  it('deletes by deactivating: 204, then the person reads as inactive', async () => {
    const bjensen = (await db().selectFrom('users').select('id').where('username', '=', 'bjensen').executeTakeFirstOrThrow()).id;
    expect((await scim('DELETE', `/Users/${bjensen}`)).statusCode).toBe(204);
    expect((await scim('GET', `/Users/${bjensen}`)).json().active).toBe(false);
  });
});

describe('SCIM groups', () => {
  const roleOf = async (userName: string) =>
    (await db().selectFrom('users').select('role_code').where('username', '=', userName).executeTakeFirstOrThrow()).role_code;
  let gsmith: string;
  let groupId: string;

  beforeAll(async () => {
    const created = await scim('POST', '/Users', {
      ...BJENSEN,
      userName: 'gsmith',
      externalId: 'gsmith',
      emails: [{ value: 'gsmith@example.com' }],
    });
    gsmith = created.json().id;
  });

  it('gives the members of a group the role the connection maps its name to, audited', async () => {
    expect(await roleOf('gsmith')).toBe('USER');
    const created = await scim('POST', '/Groups', {
      schemas: [SCIM_SCHEMAS.group],
      displayName: 'portal-service',
      members: [{ value: gsmith }],
    });
    expect(created.statusCode).toBe(201);
    groupId = created.json().id;
    expect(created.json()).toMatchObject({ displayName: 'portal-service', members: [{ value: gsmith }] });
    expect(await roleOf('gsmith')).toBe('CUSTOMER_SERVICE');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['after'])
      .where('target_user_id', '=', Number(gsmith))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).toContain('CUSTOMER_SERVICE');

    const again = await scim('POST', '/Groups', { displayName: 'PORTAL-SERVICE'.toLowerCase() });
    expect([again.statusCode, again.json().scimType]).toEqual([409, 'uniqueness']);
    const found = answerOf(
      endpoints.listScimGroups,
      await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "portal-service"')}`),
    );
    expect(found.totalResults).toBe(1);
  });

  it('follows membership changes as Entra ID and RFC 7644 write them, and the group’s removal', async () => {
    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'remove', path: `members[value eq "${gsmith}"]` }],
    });
    expect(removed.json().members).toEqual([]);
    expect(await roleOf('gsmith')).toBe('USER');

    await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [SCIM_SCHEMAS.patch],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: gsmith }] }],
    });
    expect(await roleOf('gsmith')).toBe('CUSTOMER_SERVICE');

    expect((await scim('DELETE', `/Groups/${groupId}`)).statusCode).toBe(204);
    expect(await roleOf('gsmith')).toBe('USER');
    expect((await scim('GET', `/Groups/${groupId}`)).statusCode).toBe(404);
  });

  it('refuses a member who is not one of the client’s people', async () => {
    const foreign = await db().selectFrom('users').select('id').where('username', '=', 'demo.user').executeTakeFirstOrThrow();
    const refused = await scim('POST', '/Groups', { displayName: 'outsiders', members: [{ value: String(foreign.id) }] });
    expect([refused.statusCode, refused.json().scimType]).toEqual([400, 'invalidValue']);
    expect(await db().selectFrom('scim_groups').select('id').where('display_name', '=', 'outsiders').execute()).toEqual([]);
  });
});

describe('a revoked provisioning token', () => {
  it('is answered no more', async () => {
    const [connection] = answerOf(
      endpoints.listIdentityConnections,
      await f.t.app.inject({ url: `/api/clients/${f.clientId}/identity-connections`, headers: { cookie: f.staff } }),
    ).data;
    const revoked = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/clients/${f.clientId}/identity-connections/${connection!.id}/scim-token`,
      headers: { cookie: f.staff },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await scim('GET', '/Users')).statusCode).toBe(401);
  });
});

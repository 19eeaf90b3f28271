import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE_MAX, ERROR_KEYS, endpoints } from '@portal/contract';
import { openAuditFixture, MARCH, idsOf } from './console-audit-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { answerOf, refusalOf } from './wire.js';

const audit = useFixture(openAuditFixture);

describe('roles without the tenantConsole menu', () => {
  it.each(['USER', 'CUSTOMER_SERVICE', 'ADMIN'] as const)('%s is refused every call with 403, whatever it sends', async (role) => {
    const api = audit.as(role);
    const responses = [
      await api.options(),
      await api.list(),
      await api.list({ action: 'nonsense', perPage: 5000, dateFrom: 'yesterday' }),
      await api.export(),
      await api.export({ clientId: 'x' }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
  });

  it('refuses a caller that is not signed in with 401', async () => {
    expect((await audit.t.app.inject({ url: '/api/console/audit' })).statusCode).toBe(401);
    expect((await audit.t.app.inject({ url: '/api/console/audit/export' })).statusCode).toBe(401);
  });
});

describe('a SUPER_USER', () => {
  it('is offered every client', async () => {
    const { clients } = answerOf(endpoints.consoleAuditOptions, await audit.as('SUPER_USER').options()).data;
    expect(clients.map((client) => client.code)).toEqual(expect.arrayContaining(['NBF', 'LAU']));
    expect(clients.find((client) => client.code === 'LAU')).toMatchObject({ id: audit.clientIds.LAU, nameEn: expect.any(String) });
  });

  it('reads every client’s entries, newest first, with who, whom and which client', async () => {
    const page = await audit.listed('SUPER_USER', MARCH);
    expect(idsOf(page.entries)).toEqual([
      audit.planted.system,
      audit.planted.secrets,
      audit.planted.lauTie,
      audit.planted.lauKey,
      audit.planted.nbfUpdate,
    ]);
    expect(page).toMatchObject({ total: 5, page: 1, perPage: 25 });
    const update = page.entries.find((entry) => entry.id === audit.planted.nbfUpdate)!;
    expect(update).toEqual({
      id: audit.planted.nbfUpdate,
      occurredAt: '2031-03-02T12:00:00.000Z',
      action: 'updateUser',
      actor: { id: audit.userIds['demo.internal'], username: 'demo.internal', name: 'Morgan Côté' },
      target: { id: audit.userIds['demo.user'], username: 'demo.user', name: expect.any(String) },
      client: { id: audit.clientIds.NBF, code: 'NBF', nameEn: expect.any(String), nameFr: expect.any(String) },
      before: { firstName: 'Old' },
      after: { firstName: 'New' },
    });
    const system = page.entries.find((entry) => entry.id === audit.planted.system)!;
    expect(system).toMatchObject({ actor: null, target: null, before: null, after: { deleted: 3 } });
  });

  it('reads one client’s entries when it names one, and is told when the client does not exist', async () => {
    expect(await audit.idsIn('SUPER_USER', { clientId: audit.clientIds.LAU })).toEqual([
      audit.planted.secrets,
      audit.planted.lauTie,
      audit.planted.lauKey,
    ]);
    expect(await audit.idsIn('SUPER_USER', { clientId: audit.clientIds.NBF })).toEqual([audit.planted.system, audit.planted.nbfUpdate]);
    const unknown = await audit.as('SUPER_USER').list({ clientId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(refusalOf(unknown).error).toBe(ERROR_KEYS.clientUnknown);
  });

  it('sees a change made through the portal, audited in its transaction', async () => {
    const created = await audit.t.app.inject({
      method: 'POST',
      url: '/api/apikeys',
      payload: { clientId: audit.clientIds.LAU, name: 'Audited feed', types: ['LAU-BILL'] },
      headers: { cookie: audit.cookies.SUPER_USER! },
    });
    const { key, secret } = answerOf(endpoints.createApiKey, created).data;
    const [entry] = (await audit.listed('SUPER_USER', { action: 'createApiKey', target: 'audited feed' })).entries;
    expect(entry).toMatchObject({
      action: 'createApiKey',
      actor: { username: 'demo.super', name: 'Sam Gagnon' },
      target: null,
      client: { code: 'LAU' },
      before: null,
      after: { keyId: key.id, name: 'Audited feed', prefix: key.prefix, clientCode: 'LAU', types: ['LAU-BILL'] },
    });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });
});

describe('internal staff', () => {
  it('read their own client’s entries only, and are refused another client’s with 403', async () => {
    const { clients } = answerOf(endpoints.consoleAuditOptions, await audit.as('INTERNAL').options()).data;
    expect(clients.map((client) => client.code)).toEqual(['NBF']);
    expect(await audit.idsIn('INTERNAL', {})).toEqual([audit.planted.system, audit.planted.nbfUpdate]);
    expect(await audit.idsIn('INTERNAL', { clientId: audit.clientIds.NBF })).toEqual([audit.planted.system, audit.planted.nbfUpdate]);
    for (const response of [
      await audit.as('INTERNAL').list({ clientId: audit.clientIds.LAU }),
      await audit.as('INTERNAL').export({ clientId: audit.clientIds.LAU }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(refusalOf(response).error).toBe(ERROR_KEYS.forbidden);
    }
    const everything = await audit.listed('INTERNAL', { perPage: AUDIT_PAGE_SIZE_MAX });
    expect(everything.entries.every((entry) => entry.client?.code === 'NBF')).toBe(true);
  });
});

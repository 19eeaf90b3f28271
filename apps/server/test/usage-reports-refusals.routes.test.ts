import { describe, expect, it } from 'vitest';
import { useFixture } from './fixture-hooks.js';
import { column, openUsageFixture, readSheet } from './usage-reports-fixture.js';

const usage = useFixture(openUsageFixture);

describe('POST /reports/generate, refusals', () => {
  it('refuses a range over three months, and sorts dates given in the wrong order', async () => {
    const tooLong = await usage.superGenerate({ clientIds: [usage.ids.nbf], dateFrom: '2026-01-01', dateTo: '2026-04-02' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ success: false, error: 'validation.usageReportRangeTooLong' });
    const reversed = await usage.superGenerate({ clientIds: [usage.ids.nbf], dateFrom: '2026-04-01', dateTo: '2026-01-01' });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.headers['content-disposition']).toBe('attachment; filename="usage-connection-2026-01-01_2026-04-01.xlsx"');
    const endOfMonth = await usage.superGenerate({ clientIds: [usage.ids.nbf], dateFrom: '2025-11-30', dateTo: '2026-03-01' });
    expect(endOfMonth.json().error).toBe('validation.usageReportRangeTooLong');
  });

  it('answers malformed fields with JSON 400 and the key of each rule', async () => {
    const issueOf = async (body: object) => {
      const response = await usage.superGenerate({ clientIds: [usage.ids.nbf], ...body });
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
    const atLimits = await usage.superGenerate({
      clientIds: [usage.ids.nbf],
      firstNameContains: 'a'.repeat(255),
      lastNameContains: 'b'.repeat(255),
      emailContains: 'c'.repeat(256),
    });
    expect((await readSheet(atLimits)).rows).toEqual([]);
  });

  it('requires a SUPER_USER to choose existing clients', async () => {
    for (const body of [{}, { clientIds: [] }]) {
      const response = await usage.superGenerate(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation.usageReportClientRequired');
    }
    const unknown = await usage.superGenerate({ clientIds: [usage.ids.nbf, 987_654] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('validation.usageReportClientUnknown');
  });
});

describe('who may export usage spreadsheets', () => {
  it('refuses USER, ADMIN and CUSTOMER_SERVICE on every call', async () => {
    for (const username of ['demo.user', 'demo.admin', 'demo.service']) {
      const cookie = usage.cookies[username]!;
      for (const response of [
        await usage.t.app.inject({ url: '/reports/clients', headers: { cookie } }),
        await usage.t.app.inject({ url: '/reports/definitions', headers: { cookie } }),
        await usage.generate(cookie, { clientIds: [usage.ids.nbf] }),
      ]) {
        expect(response.statusCode, username).toBe(403);
        expect(response.json()).toMatchObject({ success: false, error: 'errors.forbidden' });
      }
    }
    expect((await usage.t.app.inject({ url: '/reports/clients' })).statusCode).toBe(401);
  });

  it('lets INTERNAL report on its own client only', async () => {
    const cookie = usage.cookies['demo.internal']!;
    const clients = (await usage.t.app.inject({ url: '/reports/clients', headers: { cookie } })).json();
    expect(clients).toEqual({ success: true, items: [{ Id: usage.ids.nbf, Name: 'Northbridge Financial' }] });
    const own = await readSheet(await usage.generate(cookie, { clientIds: [], emailContains: 'usage.' }));
    expect(column(own, 'Username')).toEqual(['usage.ada', 'usage.ada', 'usage.ben', 'usage.ben']);
    expect((await usage.generate(cookie, { clientIds: [usage.ids.nbf], emailContains: 'usage.' })).statusCode).toBe(200);
    for (const clientIds of [[usage.ids.lau], [usage.ids.nbf, usage.ids.lau]]) {
      const refused = await usage.generate(cookie, { clientIds });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('errors.forbidden');
    }
  });

  it('lets SUPER_USER list every client and the three types', async () => {
    const cookie = usage.cookies['demo.super']!;
    expect((await usage.t.app.inject({ url: '/reports/clients', headers: { cookie } })).json().items).toEqual([
      { Id: usage.ids.lau, Name: 'Laurentian Utilities' },
      { Id: usage.ids.nbf, Name: 'Northbridge Financial' },
    ]);
    expect((await usage.t.app.inject({ url: '/reports/definitions', headers: { cookie } })).json()).toEqual({
      success: true,
      items: [
        { Id: 'connection', Title: 'Connections', ClientId: null },
        { Id: 'users', Title: 'Users', ClientId: null },
        { Id: 'newUsers', Title: 'New users', ClientId: null },
      ],
    });
  });
});

import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE_MAX, CONSOLE_AUDIT_ERROR_KEYS, ERROR_KEYS } from '@portal/contract';
import { openAuditFixture, MARCH, SECRET_VALUES, idsOf, type Query } from './console-audit-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { refusalOf } from './wire.js';

const audit = useFixture(openAuditFixture);

describe('filters', () => {
  it('finds who acted by part of a username or name, whatever the case', async () => {
    expect(await audit.idsIn('SUPER_USER', { actor: 'MORGAN' })).toEqual([audit.planted.nbfUpdate]);
    expect(await audit.idsIn('SUPER_USER', { actor: 'sam gag' })).toEqual([
      audit.planted.secrets,
      audit.planted.lauTie,
      audit.planted.lauKey,
    ]);
    expect(await audit.idsIn('SUPER_USER', { actor: 'demo.int' })).toEqual([audit.planted.nbfUpdate]);
    expect(await audit.idsIn('SUPER_USER', { actor: '%' })).toEqual([]);
  });

  it('finds a kind of change', async () => {
    expect(await audit.idsIn('SUPER_USER', { action: 'revokeApiKey' })).toEqual([audit.planted.lauTie]);
    expect(await audit.idsIn('SUPER_USER', { action: 'deleteFaq' })).toEqual([]);
  });

  it('finds a target by the person changed or by a value of its snapshots, never by a secret', async () => {
    expect(await audit.idsIn('SUPER_USER', { target: 'FORMULA.per' })).toEqual([audit.planted.secrets]);
    expect(await audit.idsIn('SUPER_USER', { target: 'ünïcödé' })).toEqual([audit.planted.secrets]);
    expect(await audit.idsIn('SUPER_USER', { target: 'billing feed' })).toEqual([audit.planted.lauKey]);
    expect(await audit.idsIn('SUPER_USER', { target: 'LAU-BILL' })).toEqual([audit.planted.lauKey]);
    expect(await audit.idsIn('SUPER_USER', { target: 'lau-usage' })).toEqual([audit.planted.secrets]);
    expect(await audit.idsIn('SUPER_USER', { target: 'visible-before' })).toEqual([audit.planted.secrets]);
    // Property names are not values.
    expect(await audit.idsIn('SUPER_USER', { target: 'prefix' })).toEqual([]);
    for (const secret of SECRET_VALUES) expect(await audit.idsIn('SUPER_USER', { target: secret.slice(2, 10) })).toEqual([]);
  });

  it('takes days in the caller’s time zone, both included, in either order', async () => {
    expect(await audit.idsIn('SUPER_USER', { dateFrom: '2031-03-05', dateTo: '2031-03-05' })).toEqual([
      audit.planted.lauTie,
      audit.planted.lauKey,
    ]);
    expect(await audit.idsIn('SUPER_USER', { dateFrom: '2031-03-10', dateTo: '2031-03-02' })).toEqual([
      audit.planted.secrets,
      audit.planted.lauTie,
      audit.planted.lauKey,
      audit.planted.nbfUpdate,
    ]);
    // 23:30 UTC on the 31st is already April 1st in Paris (UTC+02:00 in spring)…
    expect(await audit.idsIn('SUPER_USER', { dateFrom: '2031-03-31', dateTo: '2031-03-31', timeZoneOffset: -120 })).toEqual([]);
    // …and 00:30 UTC on April 1st is still March 31st in Montréal (UTC-04:00).
    expect(await audit.idsIn('SUPER_USER', { dateFrom: '2031-03-31', dateTo: '2031-03-31', timeZoneOffset: 240 })).toEqual([
      audit.planted.aprilFirst,
      audit.planted.system,
    ]);
    // One day alone bounds one side only.
    const fromApril = await audit.listed('SUPER_USER', { dateFrom: '2031-04-01' });
    expect(idsOf(fromApril.entries)).toEqual([audit.planted.aprilFirst]);
  });

  it('pages, counts, and sorts oldest first when asked', async () => {
    const first = await audit.listed('SUPER_USER', { ...MARCH, perPage: 2 });
    const second = await audit.listed('SUPER_USER', { ...MARCH, perPage: 2, page: 2 });
    const third = await audit.listed('SUPER_USER', { ...MARCH, perPage: 2, page: 3 });
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([...idsOf(first.entries), ...idsOf(second.entries), ...idsOf(third.entries)]).toEqual([
      audit.planted.system,
      audit.planted.secrets,
      audit.planted.lauTie,
      audit.planted.lauKey,
      audit.planted.nbfUpdate,
    ]);
    expect(second).toMatchObject({ page: 2, perPage: 2 });
    expect((await audit.listed('SUPER_USER', { ...MARCH, perPage: 2, page: 9 })).entries).toEqual([]);
    expect(await audit.idsIn('SUPER_USER', { sort: 'oldest' })).toEqual([
      audit.planted.nbfUpdate,
      audit.planted.lauKey,
      audit.planted.lauTie,
      audit.planted.secrets,
      audit.planted.system,
    ]);
  });
});

describe('bad filters', () => {
  it('are refused with 400 and the key of what is wrong', async () => {
    const cases: [Query, string][] = [
      [{ action: 'dropTables' }, CONSOLE_AUDIT_ERROR_KEYS.actionInvalid],
      [{ dateFrom: '2031-02-30' }, CONSOLE_AUDIT_ERROR_KEYS.dateInvalid],
      [{ dateTo: '31/03/2031' }, CONSOLE_AUDIT_ERROR_KEYS.dateInvalid],
      [{ perPage: AUDIT_PAGE_SIZE_MAX + 1 }, CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid],
      [{ perPage: 0 }, CONSOLE_AUDIT_ERROR_KEYS.perPageInvalid],
      [{ page: 0 }, CONSOLE_AUDIT_ERROR_KEYS.pageInvalid],
      [{ page: 'two' }, CONSOLE_AUDIT_ERROR_KEYS.pageInvalid],
      [{ clientId: 'nbf' }, CONSOLE_AUDIT_ERROR_KEYS.clientInvalid],
      [{ actor: 'x'.repeat(101) }, CONSOLE_AUDIT_ERROR_KEYS.filterTooLong],
      [{ target: 'x'.repeat(101) }, CONSOLE_AUDIT_ERROR_KEYS.filterTooLong],
      [{ timeZoneOffset: 5000 }, CONSOLE_AUDIT_ERROR_KEYS.timeZoneOffsetInvalid],
      [{ sort: 'random' }, CONSOLE_AUDIT_ERROR_KEYS.sortInvalid],
    ];
    for (const [query, key] of cases) {
      // The export takes every filter of the list, but no page.
      const isPaging = 'page' in query || 'perPage' in query;
      const responses = [await audit.as('SUPER_USER').list(query), ...(isPaging ? [] : [await audit.as('SUPER_USER').export(query)])];
      for (const response of responses) {
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        const refusal = refusalOf(response);
        expect(refusal.error).toBe(ERROR_KEYS.validation);
        expect(refusal.issues?.map((issue) => issue.message)).toContain(key);
      }
    }
  });

  it('refuse days more than 366 days apart, in either order; 366 is accepted', async () => {
    for (const query of [
      { dateFrom: '2030-01-01', dateTo: '2031-01-03' },
      { dateFrom: '2031-01-03', dateTo: '2030-01-01' },
    ]) {
      for (const response of [await audit.as('INTERNAL').list(query), await audit.as('INTERNAL').export(query)]) {
        expect(response.statusCode).toBe(400);
        expect(refusalOf(response).error).toBe(CONSOLE_AUDIT_ERROR_KEYS.rangeTooLong);
      }
    }
    expect((await audit.as('INTERNAL').list({ dateFrom: '2030-01-01', dateTo: '2031-01-02' })).statusCode).toBe(200);
  });
});

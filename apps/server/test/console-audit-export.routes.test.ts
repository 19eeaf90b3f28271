import { describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contract';
import { openAuditFixture, MARCH, SECRET_VALUES } from './console-audit-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { answerOf } from './wire.js';
import { parseCsv } from '../../../test-support/csv.js';
import { createAuditLogReaderRepository } from '../src/db/repositories/audit-log-reader.repository.js';

const audit = useFixture(openAuditFixture);

describe('secrets', () => {
  it('never show: every secret-looking property is taken out, at any depth; client and type codes stay', async () => {
    const response = await audit.as('SUPER_USER').list({ ...MARCH, action: 'resetPassword' });
    for (const secret of SECRET_VALUES) expect(response.body).not.toContain(secret);
    const [entry] = answerOf(endpoints.listConsoleAudit, response).data.entries;
    expect(entry!.before).toEqual({ nested: { keep: 'visible-before' }, code: 'LAU' });
    expect(entry!.after).toEqual({ list: [{ typeCode: 'LAU-USAGE' }], name: '-1+1' });

    const csv = await audit.as('SUPER_USER').export({ ...MARCH, action: 'resetPassword' });
    for (const secret of SECRET_VALUES) expect(csv.body).not.toContain(secret);
    expect(csv.body).toContain('visible-before');
  });
});

describe('the CSV export', () => {
  it('is a UTF-8 attachment with the list’s rows, in the caller’s language', async () => {
    const response = await audit.as('SUPER_USER').export(MARCH);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'Id',
      'Date and time (UTC)',
      'Change',
      'By (username)',
      'By (name)',
      'Person changed (username)',
      'Person changed (name)',
      'Client',
      'Before',
      'After',
    ]);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual([
      audit.planted.system,
      audit.planted.secrets,
      audit.planted.lauTie,
      audit.planted.lauKey,
      audit.planted.nbfUpdate,
    ]);
    const update = rows.find((row) => Number(row[0]) === audit.planted.nbfUpdate)!;
    expect(update.slice(1, 5)).toEqual(['2031-03-02T12:00:00.000Z', 'updateUser', 'demo.internal', 'Morgan Côté']);
    expect(update[7]).toMatch(/\(NBF\)$/);
    expect(JSON.parse(update[8]!)).toEqual({ firstName: 'Old' });
    expect(JSON.parse(update[9]!)).toEqual({ firstName: 'New' });
    const system = rows.find((row) => Number(row[0]) === audit.planted.system)!;
    expect(system.slice(3, 6)).toEqual(['', 'System or API key', '']);

    const french = await audit.as('SUPER_USER', '; lang=fr').export({ ...MARCH, clientId: audit.clientIds.NBF });
    const frenchRows = parseCsv(french.body);
    expect(frenchRows[0]!.slice(0, 3)).toEqual(['Id', 'Date et heure (UTC)', 'Modification']);
    expect(frenchRows).toHaveLength(3);
  });

  it('disarms cells a spreadsheet would run as formulas', async () => {
    const response = await audit.as('SUPER_USER').export({ ...MARCH, action: 'resetPassword' });
    const [, row] = parseCsv(response.body);
    expect(row![5]).toBe('formula.person');
    expect(row![6]).toBe(`'=HYPERLINK("http://evil.test","x") +Ünïcödé`);
    // A JSON snapshot starts with a brace, so it is written as it is.
    expect(row![9]!.startsWith('{')).toBe(true);
    expect(response.body).not.toMatch(/(^|,)"[=+\-@]/m);
  });

  it('answers just its header row when nothing matches, and internal staff export their own client only', async () => {
    const empty = parseCsv((await audit.as('SUPER_USER').export({ ...MARCH, action: 'deleteFaq' })).body);
    expect(empty).toHaveLength(1);
    const internal = parseCsv((await audit.as('INTERNAL').export(MARCH)).body);
    expect(internal.slice(1).map((row) => Number(row[0]))).toEqual([audit.planted.system, audit.planted.nbfUpdate]);
  });

  it('reads the log a batch at a time, without repeating or skipping entries of the same instant, and stops at its cap', async () => {
    const reader = createAuditLogReaderRepository(audit.t.database.db);
    const filter = {
      scope: { kind: 'allClients' as const },
      clientId: null,
      actorContains: null,
      action: null,
      targetContains: null,
      from: new Date('2031-03-01T00:00:00Z'),
      to: new Date('2031-04-01T00:00:00Z'),
      order: 'newest' as const,
    };
    const read = async (max: number, batchSize: number, order: 'newest' | 'oldest' = 'newest') => {
      const batches: number[][] = [];
      for await (const batch of reader.batches({ ...filter, order }, max, batchSize)) batches.push(batch.map((row) => row.id));
      return batches;
    };
    expect(await read(100, 2)).toEqual([
      [audit.planted.system, audit.planted.secrets],
      [audit.planted.lauTie, audit.planted.lauKey],
      [audit.planted.nbfUpdate],
    ]);
    expect(await read(3, 2)).toEqual([[audit.planted.system, audit.planted.secrets], [audit.planted.lauTie]]);
    expect((await read(100, 1, 'oldest')).flat()).toEqual([
      audit.planted.nbfUpdate,
      audit.planted.lauKey,
      audit.planted.lauTie,
      audit.planted.secrets,
      audit.planted.system,
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createUsageReportsRepository } from '../src/db/repositories/usage-reports.repository.js';
import { insertConnectionLog } from '../src/db/seed/factories.js';
import { startBatches, streamSpreadsheet } from '../src/services/usage-spreadsheet.js';
import { useFixture } from './fixture-hooks.js';
import { openUsageFixture } from './usage-reports-fixture.js';

const usage = useFixture(openUsageFixture);

describe('reading and writing in batches', () => {
  it('reads every sign-in exactly once across batches, times equal to the microsecond included', async () => {
    const at = '2024-04-02 10:00:00.123456+00';
    await insertConnectionLog(usage.t.database.db, [
      { user_id: usage.ids.gone, occurred_at: '2024-04-02 10:00:00.123455+00' },
      ...Array.from({ length: 5 }, () => ({ user_id: usage.ids.gone, occurred_at: at })),
      { user_id: usage.ids.gone, occurred_at: '2024-04-02 10:00:00.123457+00', succeeded: false, reason: 'wrong-code' },
    ]);
    const inserted = await usage.t.database.db
      .selectFrom('connection_log')
      .select('id')
      .where('user_id', '=', usage.ids.gone)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
    const repository = createUsageReportsRepository(usage.t.database.db);
    const filter = {
      clientIds: [usage.ids.nbf],
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

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashFile } from './import-row.js';
import { runImportCommand, startPortal, writePdf, type Portal } from './import-fixture.js';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());
beforeEach(() => portal.traffic.reset());

const env = () => ({ PORTAL_API_KEY: portal.key });
const commandLine = (folder: string, manifest: string, ...more: string[]) => [
  '--url',
  portal.url,
  '--folder',
  folder,
  '--manifest',
  manifest,
  ...more,
];

async function storedDocument(type: string, externalId: string) {
  const response = await fetch(`${portal.url}/api/v1/document-types/${type}/documents/${externalId}`, {
    headers: { authorization: `Bearer ${portal.key}` },
  });
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

const puts = () => portal.traffic.seen.filter((request) => request.method === 'PUT');
const putIds = () => puts().map((request) => decodeURIComponent(request.url.split('/').pop()!));

const statementRow = (id: string, file: string, date: string, extra = '') => `${id},${file},${date},en,,NB-100200,H2X 1Y4,10.00,${extra}`;

describe('importing a CSV manifest', () => {
  it('stores the good rows, reports the bad ones with their keys, and a second run sends no file again', async () => {
    const folder = path.join(portal.workDir, 'csv');
    const s1 = await writePdf(folder, 's1.pdf', 'CSV one');
    await writePdf(folder, 's2.pdf', 'CSV two', 2);
    await writePdf(folder, 'sub/s3.pdf', 'CSV three');
    await writeFile(path.join(folder, 'notes.pdf'), 'These are notes, not a PDF.\n');
    await writePdf(portal.workDir, 'outside.pdf', 'Outside the folder');
    const manifest = path.join(folder, 'manifest.csv');
    await writeFile(
      manifest,
      [
        'externalId,file,documentDate,language,type,accountNumber,postalCode,closingBalance,colour',
        'CSV-1,s1.pdf,2026-01-31,en,,NB-100200,H2X 1Y4,100.00,',
        'CSV-2,s2.pdf,2026-02-28,fr,,NB-100200,H2X 1Y4,200.00,',
        'CSV-3,sub/s3.pdf,2026-03-31,,,NB-100201,H3A 2B2,300.00,',
        statementRow('CSV-4', 's1.pdf', '2026-04-30', 'red'),
        statementRow('CSV-5', 'missing.pdf', '2026-04-30'),
        statementRow('CSV-6', 'notes.pdf', '2026-04-30'),
        'CSV-7,s1.pdf,2026-04-30,en,LAU-BILL,LA-500100,G1R 4P5,10.00,',
        statementRow('CSV-8', '../outside.pdf', '2026-04-30'),
      ].join('\n'),
    );

    const first = await runImportCommand(commandLine(folder, manifest, '--type', 'NBF-STMT'), env());
    expect(first.exitCode).toBe(1);
    expect(first.stdout).toMatch(/^8 rows in [\d.]+ s \([\d.]+\/s\): created 3, replaced 0, unchanged 0, failed 5\.\n$/);
    const reportPath = path.join(folder, 'import-report.csv');
    expect(first.stderr).toContain(`The rows that failed are listed in ${reportPath}.`);
    // Rows are listed as they fail, which with several under way at once is not always manifest order.
    const report = (parse(await readFile(reportPath, 'utf8'), { columns: true }) as Record<string, string>[]).sort(
      (a, b) => Number(a.row) - Number(b.row),
    );
    expect(
      report.map(({ row, externalId, file, httpStatus, errorKey, field }) => ({ row, externalId, file, httpStatus, errorKey, field })),
    ).toEqual([
      {
        row: '5',
        externalId: 'CSV-4',
        file: 's1.pdf',
        httpStatus: '400',
        errorKey: 'errors.ingestion.unknownAttribute',
        field: 'attributes.colour',
      },
      { row: '6', externalId: 'CSV-5', file: 'missing.pdf', httpStatus: '', errorKey: 'import.fileNotFound', field: 'file' },
      { row: '7', externalId: 'CSV-6', file: 'notes.pdf', httpStatus: '400', errorKey: 'errors.ingestion.pdfUnreadable', field: 'file' },
      { row: '8', externalId: 'CSV-7', file: 's1.pdf', httpStatus: '404', errorKey: 'errors.documentTypeUnknown', field: '' },
      // A name that climbs out of the folder is refused, though the file is there.
      { row: '9', externalId: 'CSV-8', file: '../outside.pdf', httpStatus: '', errorKey: 'import.fileOutsideFolder', field: 'file' },
    ]);
    expect(report.every((row) => row.message!.length > 0)).toBe(true);
    // A type the key may not write is found out before the file is sent.
    expect(putIds().sort()).toEqual(['CSV-1', 'CSV-2', 'CSV-3', 'CSV-4', 'CSV-6']);

    expect(await storedDocument('NBF-STMT', 'CSV-1')).toMatchObject({
      version: 1,
      documentDate: '2026-01-31',
      language: 'en',
      attributes: { accountNumber: 'NB-100200', postalCode: 'H2X 1Y4', closingBalance: '100.00' },
      contentHash: await hashFile(s1),
      pageCount: 1,
    });
    expect(await storedDocument('NBF-STMT', 'CSV-2')).toMatchObject({ language: 'fr', pageCount: 2 });
    expect(await storedDocument('NBF-STMT', 'CSV-3')).toMatchObject({ language: 'en', attributes: { accountNumber: 'NB-100201' } });
    expect(await storedDocument('NBF-STMT', 'CSV-4')).toBeNull();

    portal.traffic.reset();
    const second = await runImportCommand(commandLine(folder, manifest, '--type', 'NBF-STMT'), env());
    expect(second.exitCode).toBe(1);
    expect(second.stdout).toMatch(/: created 0, replaced 0, unchanged 3, failed 5 \(3 without sending the file\)\.\n$/);
    expect(putIds().sort()).toEqual(['CSV-4', 'CSV-6']);
    expect(await storedDocument('NBF-STMT', 'CSV-1')).toMatchObject({ version: 1 });
  });
});

describe('importing an NDJSON manifest', () => {
  it('takes each row’s own type, and a changed file replaces its document with a new version', async () => {
    const folder = path.join(portal.workDir, 'ndjson');
    await writePdf(folder, 'n1.pdf', 'NDJSON one');
    await writePdf(folder, 'n2.pdf', 'NDJSON two');
    await writePdf(folder, 'n3.pdf', 'NDJSON three');
    const owner = { accountNumber: 'NB-100200', postalCode: 'H2X 1Y4' };
    const manifest = path.join(folder, 'manifest.ndjson');
    await writeFile(
      manifest,
      [
        {
          externalId: 'ND-1',
          file: 'n1.pdf',
          documentDate: '2026-01-31',
          type: 'NBF-STMT',
          attributes: { ...owner, closingBalance: 12.5 },
        },
        {
          externalId: 'ND-2',
          file: 'n2.pdf',
          documentDate: '2026-02-28',
          language: 'fr',
          type: 'NBF-TAX',
          attributes: { ...owner, slipType: 'T5' },
        },
        {
          externalId: 'ND-3',
          file: 'n3.pdf',
          documentDate: '2026-03-31',
          type: 'NBF-NOTICE',
          attributes: { ...owner, noticeType: 'Renewal' },
        },
      ]
        .map((row) => JSON.stringify(row))
        .join('\n'),
    );

    const first = await runImportCommand(commandLine(folder, manifest), env());
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/^3 rows in .*: created 3, replaced 0, unchanged 0, failed 0\.\n$/);
    expect(first.stderr).not.toContain('import-report.csv');
    expect(await storedDocument('NBF-STMT', 'ND-1')).toMatchObject({ attributes: { closingBalance: '12.5' } });
    expect(await storedDocument('NBF-TAX', 'ND-2')).toMatchObject({ language: 'fr', version: 1 });

    const changed = await writePdf(folder, 'n2.pdf', 'NDJSON two, corrected');
    portal.traffic.reset();
    const second = await runImportCommand(commandLine(folder, manifest), env());
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toMatch(/: created 0, replaced 1, unchanged 2, failed 0 \(2 without sending the file\)\.\n$/);
    expect(putIds()).toEqual(['ND-2']);
    expect(await storedDocument('NBF-TAX', 'ND-2')).toMatchObject({ version: 2, contentHash: await hashFile(changed) });
  });
});

describe('sending in parallel', () => {
  it('never has more than --concurrency requests under way, and does use them', async () => {
    const folder = path.join(portal.workDir, 'parallel');
    const rows = ['externalId,file,documentDate,accountNumber,postalCode,closingBalance'];
    for (let index = 1; index <= 10; index++) {
      await writePdf(folder, `p${index}.pdf`, `Parallel ${index}`);
      rows.push(`PAR-${index},p${index}.pdf,2026-05-${String(index).padStart(2, '0')},NB-100200,H2X 1Y4,${index}.00`);
    }
    const manifest = path.join(folder, 'manifest.csv');
    await writeFile(manifest, rows.join('\n'));
    portal.traffic.delayMs = 100;

    const run = await runImportCommand(commandLine(folder, manifest, '--type', 'NBF-STMT', '--concurrency', '3'), env());
    expect(run.exitCode).toBe(0);
    expect(puts()).toHaveLength(10);
    expect(portal.traffic.mostUnderWay).toBe(3);
  });
});

describe('showing progress', () => {
  async function writeSlowImport(name: string) {
    const folder = path.join(portal.workDir, name);
    const rows = ['externalId,file,documentDate,accountNumber,postalCode'];
    for (let index = 1; index <= 5; index++) {
      await writePdf(folder, `${index}.pdf`, `${name} ${index}`);
      rows.push(`${name}-${index},${index}.pdf,2026-07-0${index},NB-100200,H2X 1Y4`);
    }
    await writeFile(path.join(folder, 'manifest.csv'), rows.join('\n'));
    portal.traffic.delayMs = 100;
    return commandLine(folder, path.join(folder, 'manifest.csv'), '--type', 'NBF-STMT', '--concurrency', '1');
  }

  it('writes a plain line now and then when stderr is not a terminal', async () => {
    const run = await runImportCommand(await writeSlowImport('PLAIN'), env(), { progressIntervalMs: 100 });
    expect(run.exitCode).toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/^[0-5]\/5 rows, [\d.]+\/s: created [0-5], replaced 0, unchanged 0, failed 0$/);
    expect(run.stderr).not.toContain('\x1B');
  });

  it('draws a bar with the counts on a terminal', async () => {
    const run = await runImportCommand(await writeSlowImport('BAR'), env(), { stderrIsTerminal: true });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/█+ 5\/5 rows \| [\d.]+\/s \| created 5, replaced 0, unchanged 0, failed 0/);
    // Redrawn in place, with the cursor hidden meanwhile: terminal control sequences, never in a log file.
    expect(run.stderr).toContain('\x1B[?25l');
  });
});

describe('a command that cannot start', () => {
  it.each([
    [
      'a missing folder',
      (folder: string, manifest: string) => commandLine(path.join(folder, 'nowhere'), manifest),
      /The folder .* does not exist/,
    ],
    ['a missing manifest', (folder: string) => commandLine(folder, path.join(folder, 'none.csv')), /The manifest .* does not exist/],
    [
      'a type of another client',
      (folder: string, manifest: string) => commandLine(folder, manifest, '--type', 'LAU-BILL'),
      /may not write documents of type LAU-BILL; it may write: NBF-/,
    ],
    [
      'a manifest without the type column nor --type',
      (folder: string, manifest: string) => commandLine(folder, manifest),
      /give the document type with --type/,
    ],
  ])('stops with exit code 2 on %s, before sending anything', async (_case, argv, message) => {
    const folder = path.join(portal.workDir, 'usage');
    await writePdf(folder, 'u1.pdf', 'Usage');
    const manifest = path.join(folder, 'manifest.csv');
    await writeFile(manifest, 'externalId,file,documentDate,accountNumber,postalCode\nU-1,u1.pdf,2026-01-31,NB-100200,H2X 1Y4\n');
    const run = await runImportCommand(argv(folder, manifest), env());
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(puts()).toEqual([]);
  });

  it('stops with exit code 2 when the key is refused', async () => {
    const folder = path.join(portal.workDir, 'usage');
    const run = await runImportCommand(commandLine(folder, path.join(folder, 'manifest.csv'), '--type', 'NBF-STMT'), {
      PORTAL_API_KEY: `cpk_${'A'.repeat(43)}`,
    });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('The portal refused the API key (401 errors.apiKeyInvalid).');
    expect(portal.traffic.seen.map((request) => request.url)).toEqual(['/api/v1/document-types']);
  });
});

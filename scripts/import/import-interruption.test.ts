import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runImportCommand, startPortal, writePdf, type Portal } from './import-fixture.js';

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());
beforeEach(() => portal.traffic.reset());

const ROWS = 12;
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A folder of twelve statements and their manifest; the prefix keeps each test's documents apart. */
async function writeStatements(prefix: string): Promise<{ folder: string; manifest: string }> {
  const folder = path.join(portal.workDir, prefix);
  const rows = ['externalId,file,documentDate,accountNumber,postalCode,closingBalance'];
  for (let index = 1; index <= ROWS; index++) {
    await writePdf(folder, `${index}.pdf`, `${prefix} ${index}`);
    rows.push(`${prefix}-${index},${index}.pdf,2026-06-${String(index).padStart(2, '0')},NB-100200,H2X 1Y4,${index}.00`);
  }
  const manifest = path.join(folder, 'manifest.csv');
  await writeFile(manifest, rows.join('\n'));
  return { folder, manifest };
}

const commandLine = (folder: string, manifest: string) => [
  '--url',
  portal.url,
  '--folder',
  folder,
  '--manifest',
  manifest,
  '--type',
  'NBF-STMT',
  '--concurrency',
  '2',
];
const puts = () => portal.traffic.seen.filter((request) => request.method === 'PUT');

async function countStored(prefix: string): Promise<number> {
  let stored = 0;
  for (let index = 1; index <= ROWS; index++) {
    const response = await fetch(`${portal.url}/api/v1/document-types/NBF-STMT/documents/${prefix}-${index}`, {
      headers: { authorization: `Bearer ${portal.key}` },
    });
    if (response.status === 200) stored++;
  }
  return stored;
}

/** Calls `interrupt` once the portal has answered this many uploads. */
function interruptAfterUploads(count: number, interrupt: () => void) {
  let answered = 0;
  portal.traffic.onAnswer = (request) => {
    if (request.method === 'PUT' && ++answered === count) interrupt();
  };
}

describe('an interrupted import', () => {
  it('stops taking rows, lets the uploads under way finish, and the same command sends only the rest', async () => {
    const { folder, manifest } = await writeStatements('STOP');
    portal.traffic.delayMs = 50;
    const interruption = new AbortController();
    interruptAfterUploads(3, () => interruption.abort());

    const first = await runImportCommand(
      commandLine(folder, manifest),
      { PORTAL_API_KEY: portal.key },
      { stopSignal: interruption.signal },
    );
    expect(first.exitCode).toBe(130);
    const stored = await countStored('STOP');
    expect(stored).toBeGreaterThanOrEqual(3);
    expect(stored).toBeLessThan(ROWS);
    // Every upload it began was answered in full, and each one it counts is stored.
    expect(puts().map((request) => request.status)).toEqual(Array(stored).fill(201));
    expect(first.stdout).toMatch(new RegExp(`^${stored} rows in .*: created ${stored}, replaced 0, unchanged 0, failed 0\\.\\n$`));
    expect(first.stderr).toContain(`Interrupted after ${stored} of ${ROWS} rows: run the same command again to send the rest.`);

    portal.traffic.reset();
    const second = await runImportCommand(commandLine(folder, manifest), { PORTAL_API_KEY: portal.key });
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toMatch(
      new RegExp(`: created ${ROWS - stored}, replaced 0, unchanged ${stored}, failed 0 \\(${stored} without sending the file\\)\\.\\n$`),
    );
    expect(puts()).toHaveLength(ROWS - stored);
    expect(await countStored('STOP')).toBe(ROWS);
  });
});

describe('a key revoked during an import', () => {
  it('stops the run at the first refusal: that row is reported, no further row is sent', async () => {
    const { folder, manifest } = await writeStatements('REVOKED');
    const { id, secret } = await portal.createKey('Revoked during the run');
    portal.traffic.delayMs = 50;
    let revoking: Promise<void> | null = null;
    interruptAfterUploads(3, () => (revoking = portal.revokeKey(id)));

    const run = await runImportCommand(commandLine(folder, manifest), { PORTAL_API_KEY: secret });
    await revoking;
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('The portal refused the API key (revoked?): no further row was sent.');
    const stored = await countStored('REVOKED');
    expect(stored).toBeGreaterThanOrEqual(3);
    expect(stored).toBeLessThan(ROWS - 2);
    const report = await readFile(path.join(folder, 'import-report.csv'), 'utf8');
    expect(report).toMatch(/^\d+,REVOKED-\d+,\d+\.pdf,401,errors\.apiKeyInvalid,,/m);
    // Only the rows under way when the key was revoked were tried after it.
    expect(portal.traffic.seen.filter((request) => request.status === 401).length).toBeLessThanOrEqual(2);
  });
});

function spawnImport(argv: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import/import-cli.ts', ...argv], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited };
}

describe('the import command as people run it', () => {
  it('prints its usage with --help', async () => {
    const { code, stdout } = await spawnImport(['--help'], {}).exited;
    expect(code).toBe(0);
    expect(stdout).toContain('PORTAL_API_KEY');
    expect(stdout).toContain('Exit codes: 0 every row was stored');
  });

  it('exits with code 2 on a wrong option', async () => {
    const { code, stderr } = await spawnImport(['--url', portal.url, '--concurency', '2'], {}).exited;
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--concurency'");
  });

  it('on Ctrl-C finishes the uploads under way, prints the summary and exits with code 130', async () => {
    const { folder, manifest } = await writeStatements('SIGINT');
    portal.traffic.delayMs = 200;
    const { child, exited } = spawnImport(commandLine(folder, manifest), { PORTAL_API_KEY: portal.key });
    interruptAfterUploads(1, () => child.kill('SIGINT'));

    const { code, stdout, stderr } = await exited;
    expect(code).toBe(130);
    const stored = await countStored('SIGINT');
    expect(stored).toBeGreaterThanOrEqual(1);
    expect(stored).toBeLessThan(ROWS);
    expect(puts().map((request) => request.status)).toEqual(Array(stored).fill(201));
    expect(stdout).toMatch(new RegExp(`^${stored} rows in .*: created ${stored},`));
    expect(stderr).toContain('Stopping: finishing the documents under way');
    expect(stderr).toContain(`Interrupted after ${stored} of ${ROWS} rows`);
  });
});

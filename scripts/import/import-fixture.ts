import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../../apps/server/test/test-app.js';
import { buildDemoPdf } from '../../apps/server/src/db/seed/demo-pdf.js';
import { insertApiKey } from '../../apps/server/src/db/seed/factories.js';
import { parseImportArguments } from './import-options.js';
import { runImport, type ImportIo } from './import-run.js';

/** A request the portal received on its ingestion routes, and how it answered. */
export interface SeenRequest {
  method: string;
  url: string;
  status: number;
}

/**
 * The real portal listening on a free port, a live key of the demo client NBF, and what its HTTP
 * server sees: every ingestion request, and the most that were under way at once.
 */
export async function startPortal() {
  const t: TestApp = await createTestApp();
  const traffic = watchIngestionTraffic(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { id: clientId } = await t.database.db.selectFrom('clients').select('id').where('code', '=', 'NBF').executeTakeFirstOrThrow();
  const { secret } = await insertApiKey(t.database.db, { clientId, name: 'Import tests' });
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-import-'));
  return {
    t,
    traffic,
    key: secret,
    /** Another live key of the client, for a test that revokes it. */
    createKey: (name: string) => insertApiKey(t.database.db, { clientId, name }),
    /** What an administrator's revocation does to the key's row. */
    async revokeKey(id: number) {
      await t.database.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).execute();
    },
    url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    workDir,
    async close() {
      await t.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

export type Portal = Awaited<ReturnType<typeof startPortal>>;

/**
 * Wraps the app's own request listener on its HTTP server: each ingestion request is counted while
 * it is under way, and may be held back a moment first, so that requests sent together overlap.
 */
function watchIngestionTraffic(t: TestApp) {
  const server = t.app.server;
  const [handle] = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  if (!handle) throw new Error('the app has no request listener');
  const traffic = {
    seen: [] as SeenRequest[],
    underWay: 0,
    mostUnderWay: 0,
    delayMs: 0,
    /** Called as each answer leaves: a test interrupts a run from here. */
    onAnswer: (_request: SeenRequest) => {},
    reset() {
      traffic.seen = [];
      traffic.mostUnderWay = 0;
      traffic.delayMs = 0;
      traffic.onAnswer = () => {};
    },
  };
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith('/api/v1/')) return handle.call(server, request, response);
    traffic.underWay++;
    traffic.mostUnderWay = Math.max(traffic.mostUnderWay, traffic.underWay);
    response.on('close', () => {
      traffic.underWay--;
      const seen = { method: request.method ?? '', url: request.url ?? '', status: response.statusCode };
      traffic.seen.push(seen);
      traffic.onAnswer(seen);
    });
    if (traffic.delayMs > 0) setTimeout(() => handle.call(server, request, response), traffic.delayMs);
    else handle.call(server, request, response);
  });
  return traffic;
}

/** A real PDF of its own content (the content makes its hash), written into the folder. */
export async function writePdf(folder: string, name: string, label: string, pageCount = 1): Promise<string> {
  const bytes = await buildDemoPdf({
    brandName: 'Northern Bank',
    primaryHex: '#0b5394',
    titleEn: 'Account statement',
    titleFr: 'Relevé de compte',
    documentDate: '2026-01-31',
    fields: [{ labelEn: 'Reference', labelFr: 'Référence', value: label }],
    pageCount,
  });
  const file = path.join(folder, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return file;
}

/** A writable that keeps what it is given, as stdout or stderr of a run. */
export function captureStream(): Writable & { text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return Object.assign(stream, { text: () => chunks.join('') });
}

/**
 * Runs the import in this process, from a command line as people type it; returns the exit code and
 * what it wrote. `stderrIsTerminal` makes its stderr look like a terminal's, as a person's shell has.
 */
export async function runImportCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: Partial<ImportIo> & { stderrIsTerminal?: boolean } = {},
) {
  const command = parseImportArguments(argv, env);
  if (command.kind !== 'run') throw new Error('expected a run');
  const stdout = captureStream();
  const stderr = Object.assign(captureStream(), io.stderrIsTerminal ? { isTTY: true, columns: 160 } : {});
  const exitCode = await runImport(command.options, { stdout, stderr, retryBaseDelayMs: 20, ...io });
  return { exitCode, stdout: stdout.text(), stderr: stderr.text(), options: command.options };
}

import { readdir, readFile } from 'node:fs/promises';
import { ERROR_KEYS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prepareServerPlace,
  signInAndListStatements,
  startBundle,
  startServer,
  type ServerProcess,
  type ServerPlace,
} from './server-process.js';

const openFilesOf = async (pid: number) => (await readdir(`/proc/${pid}/fd`)).length;
const residentMbOf = async (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** What the server answers to one more heavy call, cut short as soon as it starts when it is accepted. */
async function statusOfAnother(server: ServerProcess, cookie: string, keys: string[], call: 'downloadList' | 'previewlist') {
  const response = await fetch(`${server.url}/dashboard/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ documentKeyList: keys }),
  });
  const body = response.status === 429 ? ((await response.json()) as { error: string }) : undefined;
  if (!body) await response.body?.cancel();
  return { status: response.status, error: body?.error };
}

describe('heavy answers per person: a cap, and nothing left behind by aborted ones', () => {
  let place: ServerPlace;
  let server: ServerProcess;
  let cookie: string;
  let keys: string[];

  beforeAll(async () => {
    place = await prepareServerPlace(['demo.user', 'demo.super']);
    server = await startServer(place, { HEAVY_DOWNLOADS_PER_PERSON: '2' });
    ({ cookie, keys } = await signInAndListStatements(server.url));
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    await place.remove();
  });

  it('refuses a third zip or merged PDF while two are on their way, with its error key, and takes one again when a slot is free', async () => {
    const first = await startBundle(server.url, cookie, keys);
    const second = await startBundle(server.url, cookie, keys);
    expect(await statusOfAnother(server, cookie, keys, 'downloadList')).toEqual({ status: 429, error: ERROR_KEYS.tooManyDownloads });
    expect(await statusOfAnother(server, cookie, keys.slice(0, 3), 'previewlist')).toEqual({
      status: 429,
      error: ERROR_KEYS.tooManyDownloads,
    });

    // The person gives up one download: its slot comes back as soon as the server sees the connection close.
    first.request.destroy();
    await expect.poll(async () => (await statusOfAnother(server, cookie, keys, 'downloadList')).status, { timeout: 10_000 }).toBe(200);
    second.request.destroy();
  }, 60_000);

  it('counts a usage spreadsheet among them: refused while two zips are on their way, made again once one is given up', async () => {
    // A super user, who sees the client's documents and its usage spreadsheets.
    const staff = await signInAndListStatements(server.url, 'demo.super');
    const headers = { 'content-type': 'application/json', origin: server.url, cookie: staff.cookie };
    const clients = (await (await fetch(`${server.url}/reports/clients`, { headers })).json()) as { items: { Id: number }[] };
    const spreadsheet = async () => {
      const body = JSON.stringify({ clientIds: [clients.items[0]!.Id] });
      const response = await fetch(`${server.url}/reports/generate`, { method: 'POST', headers, body });
      const refusal = response.status === 429 ? ((await response.json()) as { error: string }) : undefined;
      if (!refusal) await response.arrayBuffer();
      return { status: response.status, error: refusal?.error };
    };
    expect(await spreadsheet()).toEqual({ status: 200, error: undefined });

    const first = await startBundle(server.url, staff.cookie, staff.keys);
    const second = await startBundle(server.url, staff.cookie, staff.keys);
    expect(await spreadsheet()).toEqual({ status: 429, error: ERROR_KEYS.tooManyDownloads });
    first.request.destroy();
    await expect.poll(async () => (await spreadsheet()).status, { timeout: 10_000 }).toBe(200);
    second.request.destroy();
  }, 60_000);

  it('leaves open files and memory where they were after 200 zips abandoned half way', async () => {
    const pid = server.pid;
    // One abandoned first, so that what a first download opens for good (pools, caches) is in the baseline.
    (await startBundle(server.url, cookie, keys)).request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [filesBefore, memoryBefore] = [await openFilesOf(pid), await residentMbOf(pid)];

    for (let abandoned = 0; abandoned < 200;) {
      const started = await startBundle(server.url, cookie, keys).catch(() => undefined);
      if (started && started.response.statusCode === 200) {
        started.request.destroy();
        abandoned += 1;
      } else {
        // The previous one's slot is not back yet (429): its close is on its way.
        started?.request.destroy();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    await expect.poll(() => openFilesOf(pid), { timeout: 10_000 }).toBeLessThanOrEqual(filesBefore);
    // Memory settles where it was give or take the garbage collector's slack; a leak of 200 zips' buffers (800 MB of files) would not.
    expect(await residentMbOf(pid)).toBeLessThan(memoryBefore + 150);
  }, 180_000);
});

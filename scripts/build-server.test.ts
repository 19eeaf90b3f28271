import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const METRICS_TOKEN = 'a-secret-nobody-published-here';

/** A port free now, for a listener of the server about to start. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}

/**
 * The server as the image runs it: compiled to JavaScript by scripts/build-server.mjs and started
 * with plain `node --conditions=compiled`, in production, on the embedded database.
 */
describe('the compiled server', () => {
  let server: ChildProcess;
  let exited: Promise<number | null>;
  let dataDir: string;
  let publicUrl: string;
  let metricsUrl: string;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-compiled-'));
    const [port, metricsPort] = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const { DATABASE_URL: _database, ...inherited } = process.env;
    server = spawn(process.execPath, ['--conditions=compiled', 'apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...inherited,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN,
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://portal.test',
        WEB_DIST_DIR: '/nonexistent',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    exited = new Promise((resolve) => server.once('exit', resolve));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the compiled server exited with ${server.exitCode}`);
      const healthy = await fetch(`${publicUrl}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error('the compiled server did not start in 90 seconds');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds JavaScript only, without the tests', async () => {
    const files = await readdir(path.join(root, 'apps/server/dist'), { recursive: true });
    expect(files).toContain('main.js');
    expect(files.filter((file) => file.endsWith('.ts') || file.includes('.test.'))).toEqual([]);
  });

  it('serves the portal on its port and the metrics on theirs alone', async () => {
    expect((await fetch(`${publicUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
    expect((await fetch(metricsUrl)).status).toBe(403);
    const scraped = await fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('portal_http_requests_total{route="/healthz",method="GET",status_code="200"}');
  });

  it('stops on SIGTERM with exit code 0', async () => {
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prepareServerPlace,
  readAll,
  signInAndListStatements,
  startBundle,
  startServer,
  STATEMENT_BYTES,
  type ServerPlace,
} from './server-process.js';

describe('stopping the server', () => {
  let place: ServerPlace;
  beforeAll(async () => {
    place = await prepareServerPlace();
  }, 120_000);
  afterAll(() => place.remove());

  it('takes no new connection, finishes the zip in flight, and exits 0', async () => {
    const server = await startServer(place, { SHUTDOWN_GRACE_SECONDS: '60' });
    const { cookie, keys } = await signInAndListStatements(server.url);
    expect(keys.length).toBeGreaterThan(5);
    const zip = await startBundle(server.url, cookie, keys);

    process.kill(server.pid, 'SIGTERM');
    // Listening stops at once: a new visitor is refused while the zip is still on its way.
    await expect
      .poll(
        () =>
          fetch(`${server.url}/healthz`).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 5_000 },
      )
      .toBe('refused');
    const { body, complete } = await readAll(zip.response);
    expect(complete).toBe(true);
    const files = Object.values(unzipSync(body));
    expect(files).toHaveLength(keys.length);
    for (const file of files) expect(file.length).toBe(STATEMENT_BYTES);
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('cuts what is still open when the grace period is over, and still exits 0', async () => {
    const server = await startServer(place, { SHUTDOWN_GRACE_SECONDS: '1' });
    const { cookie, keys } = await signInAndListStatements(server.url);
    // A download nobody reads: it would hold the stop for ever without the grace period.
    const zip = await startBundle(server.url, cookie, keys);
    process.kill(server.pid, 'SIGTERM');
    // Without the grace period the stop would wait for that download for ever, past this test's limit.
    expect(await server.exited).toBe(0);
    const { complete } = await readAll(zip.response);
    expect(complete).toBe(false);
  }, 120_000);
});

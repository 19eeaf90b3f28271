/**
 * Shared by the server's integration tests, the browser tests and the bench: a real S3-protocol
 * server (s3rver) on 127.0.0.1, with one bucket, and the environment that points the portal at it.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface S3TestServer {
  /** e.g. http://127.0.0.1:40123 */
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps its objects and unfinished uploads in. */
  directory: string;
  /** What the portal's configuration needs to keep its documents in this bucket (under the folder, if one was given). */
  env: {
    STORAGE_URL: string;
    S3_ENDPOINT: string;
    S3_REGION: string;
    AWS_ACCESS_KEY_ID: string;
    AWS_SECRET_ACCESS_KEY: string;
  };
  close(): Promise<void>;
}

const PROCESS_SCRIPT = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));
const START_TIMEOUT_MS = 15_000;

/**
 * Starts s3rver on a free port with a fresh data folder and creates the bucket. The credentials
 * are s3rver's fixed pair; it checks request signatures against them. Its list continuation
 * tokens name us-east-1, so that is the region.
 */
export async function startS3Server(options: { bucket?: string; folder?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'portal-documents';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-'));
  const child = fork(PROCESS_SCRIPT, [directory, bucket], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`s3rver did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill();
      reject(error);
    }
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve(message.port);
    });
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`s3rver exited (${code}) before listening: ${stderr}`)));
  });
  // Listening, it must not keep the test process alive on its own, nor outlive it.
  child.removeAllListeners('exit');
  child.unref();
  child.channel?.unref();

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE_URL: `s3://${bucket}${options.folder ? `/${options.folder}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.ref();
        child.disconnect();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

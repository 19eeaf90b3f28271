// Runs the browser tests (e2e/) in shards side by side, each a Playwright run of its own with its
// own portal, database, mail sink and identity providers on ports of its own, so that no shard
// meets another's people or codes. A test mostly waits on the browser and the server: two shards
// on a machine of two cores or more take little more than half the time of one.
//
//   node scripts/browser-tests.mjs [playwright arguments]
//
// Arguments go to every shard. A run given arguments (test files, a project, a pattern) is one
// shard, as Playwright alone would run it, unless E2E_SHARDS says otherwise; E2E_SHARDS=1 runs one
// shard in any case. Each shard's lines are printed as they come, behind its number.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const args = process.argv.slice(2);
const shards = Number(process.env.E2E_SHARDS ?? (args.length > 0 ? 1 : Math.min(2, os.availableParallelism())));
if (!Number.isInteger(shards) || shards < 1) {
  console.error(`E2E_SHARDS must be a whole number of at least 1, not ${process.env.E2E_SHARDS}`);
  process.exit(2);
}

// The first shard's port as the configuration would choose it; each shard's other servers take the
// four ports after its own (e2e/playwright.config.ts), so shards are ten ports apart.
const firstPort = Number(process.env.E2E_PORT ?? 20_000 + Math.floor(Math.random() * 800));
const playwright = path.join('node_modules', '@playwright', 'test', 'cli.js');

function runShard(index) {
  const env = { ...process.env, E2E_PORT: String(firstPort + 10 * index) };
  for (const derived of ['E2E_DATA_DIR', 'E2E_SMTP_PORT', 'E2E_SMTP_HTTP_PORT', 'E2E_IDP_PORT', 'E2E_SAML_PORT']) delete env[derived];
  const shardArgs = shards > 1 ? [`--shard=${index + 1}/${shards}`] : [];
  if (shards > 1) env.E2E_OUTPUT_DIR = path.join('test-results', `shard-${index + 1}`);
  const child = spawn(process.execPath, [playwright, 'test', '-c', 'e2e/playwright.config.ts', ...shardArgs, ...args], {
    env,
    stdio: ['ignore', shards > 1 ? 'pipe' : 'inherit', shards > 1 ? 'pipe' : 'inherit'],
  });
  if (shards > 1) {
    const label = `[${index + 1}/${shards}]`;
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`${label} ${line}`));
    }
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, index) => runShard(index)));
if (shards > 1) console.log(`Browser tests: ${codes.map((code, index) => `shard ${index + 1} exit ${code}`).join(', ')}`);
process.exit(codes.find((code) => code !== 0) ?? 0);

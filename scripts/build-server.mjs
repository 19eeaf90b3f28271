// Compiles the server and the contract it shares with the web app to JavaScript, file for file
// (apps/server/dist, packages/contract/dist), so that an image runs plain `node` instead of
// compiling TypeScript at every start. File for file rather than one bundle: the layout of the
// sources holds, so what a module finds beside itself (the PDF worker, the web app's build, the
// server's texts) is where it was. Types are checked by `npm run typecheck`, not here.
// Run: node scripts/build-server.mjs   Start: node --conditions=compiled apps/server/dist/main.js
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const PARTS = [
  { sources: 'apps/server/src', out: 'apps/server/dist' },
  { sources: 'packages/contract/src', out: 'packages/contract/dist' },
];

/** The modules and JSON texts of a source folder; tests stay out of the build. */
async function entryPointsOf(folder) {
  const files = await readdir(folder, { recursive: true });
  return files
    .filter((file) => (file.endsWith('.ts') && !file.endsWith('.test.ts')) || file.endsWith('.json'))
    .map((file) => path.join(folder, file));
}

for (const part of PARTS) {
  await rm(part.out, { recursive: true, force: true });
  await build({
    entryPoints: await entryPointsOf(part.sources),
    outdir: part.out,
    outbase: part.sources,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    // The server's texts are imported as JSON modules: they are copied as they are.
    loader: { '.json': 'copy' },
    logLevel: 'warning',
  });
}

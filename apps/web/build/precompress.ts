import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt)$/;
/** Below this a compressed copy saves less than its own request headers. */
const MIN_BYTES = 1024;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

async function* filesUnder(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the strongest
 * settings: compressed once here, never per request, and the server sends the copy the
 * browser accepts (see the static files in the server's app.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        jobs.push(
          readFile(file).then(async (content) => {
            const [brotli, gzipped] = await Promise.all([
              toBrotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              toGzip(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}

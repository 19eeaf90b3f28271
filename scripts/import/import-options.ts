import path from 'node:path';
import { parseArgs } from 'node:util';

/** What one import run needs, read from the command line and the environment. */
export interface ImportOptions {
  /** The portal's address, without a trailing slash. */
  url: string;
  key: string;
  folder: string;
  manifest: string;
  manifestFormat: 'csv' | 'ndjson';
  /** The document type of rows that name none. */
  type: string | null;
  concurrency: number;
  report: string;
  retries: number;
  timeoutMs: number;
}

export type ParsedCommand = { kind: 'help' } | { kind: 'run'; options: ImportOptions };

/** A mistake in how the command was called: it is reported with the usage and exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Sends a folder of PDF documents to the portal, one manifest row per document.

Usage:
  npm run import -- --url <portal address> --folder <folder of PDFs> --manifest <manifest file> [options]

The API key is read from the PORTAL_API_KEY environment variable (preferred: a key typed on the
command line stays in the shell history), or from --key.

Options:
  --url <address>       The portal, for example https://portal.example.com
  --key <key>           The API key (cpk_...), when PORTAL_API_KEY is not set
  --folder <folder>     Where the PDF files are; the manifest's file names are relative to it
  --manifest <file>     A CSV file with a header row, or NDJSON (.ndjson or .jsonl), one document per row
  --type <code>         The document type of rows that do not name one
  --concurrency <n>     Documents sent at the same time (default 4, at most 64)
  --retries <n>         Tries again after a network failure or a busy server (default 3)
  --timeout <seconds>   Gives up on one try after this long (default 300)
  --report <file>       Where the list of failed rows goes (default import-report.csv beside the manifest)
  --help                Shows this text

CSV manifest columns: externalId, file, documentDate (YYYY-MM-DD), language (en or fr, optional),
type (optional with --type), then one column per attribute name. Empty attribute cells are not sent.
NDJSON rows: {"externalId": "...", "file": "...", "documentDate": "...", "language": "en",
"type": "...", "attributes": {"name": "value"}}.

Running the same command again after an interruption is safe: documents already stored with the
same file and values are left as they are, without sending the file again.

Exit codes: 0 every row was stored, 1 some rows failed (see the report), 2 the command could not
start (a wrong option, an unreadable manifest, a missing folder, a refused key), 130 interrupted.`;

const MAX_CONCURRENCY = 64;

function readCount(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--${name} takes a whole number, not "${raw}".`);
  const value = Number(raw);
  if (value < min || value > max) throw new UsageError(`--${name} must be between ${min} and ${max}.`);
  return value;
}

function readUrl(raw: string | undefined): string {
  if (!raw) throw new UsageError('--url is required: the address of the portal.');
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new UsageError(`--url is not an address: "${raw}".`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError('--url must start with http:// or https://.');
  return parsed.toString().replace(/\/+$/, '');
}

function formatOf(manifest: string): ImportOptions['manifestFormat'] {
  const extension = path.extname(manifest).toLowerCase();
  return extension === '.ndjson' || extension === '.jsonl' ? 'ndjson' : 'csv';
}

/** Reads the command line; the files it names are checked later, by the run. */
export function parseImportArguments(argv: string[], env: NodeJS.ProcessEnv): ParsedCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        key: { type: 'string' },
        folder: { type: 'string' },
        manifest: { type: 'string' },
        type: { type: 'string' },
        concurrency: { type: 'string' },
        retries: { type: 'string' },
        timeout: { type: 'string' },
        report: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { kind: 'help' };
  const raw = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };

  const url = readUrl(text('url'));
  const key = text('key') ?? env.PORTAL_API_KEY?.trim();
  if (!key) throw new UsageError('No API key: set PORTAL_API_KEY (or pass --key).');
  const folder = text('folder');
  if (!folder) throw new UsageError('--folder is required: the folder of the PDF files.');
  const manifest = text('manifest');
  if (!manifest) throw new UsageError('--manifest is required: the CSV or NDJSON list of documents.');
  const manifestPath = path.resolve(manifest);
  return {
    kind: 'run',
    options: {
      url,
      key,
      folder: path.resolve(folder),
      manifest: manifestPath,
      manifestFormat: formatOf(manifestPath),
      type: text('type') ?? null,
      concurrency: readCount('concurrency', raw('concurrency'), 4, 1, MAX_CONCURRENCY),
      retries: readCount('retries', raw('retries'), 3, 0, 20),
      timeoutMs: readCount('timeout', raw('timeout'), 300, 1, 86_400) * 1000,
      report: path.resolve(text('report') ?? path.join(path.dirname(manifestPath), 'import-report.csv')),
    },
  };
}

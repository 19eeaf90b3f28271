/**
 * Sends a folder of PDFs to the portal's ingestion API, one manifest row per document:
 *   npm run import -- --url https://portal.example.com --folder ./pdfs --manifest ./manifest.csv
 * with the key in PORTAL_API_KEY. `--help` tells the rest.
 */
import { EXIT_CODES, runImport } from './import-run.js';
import { parseImportArguments, USAGE, UsageError, type ParsedCommand } from './import-options.js';

function readCommand(): ParsedCommand | null {
  try {
    return parseImportArguments(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\nRun with --help for the usage.\n`);
    return null;
  }
}

async function main(): Promise<number> {
  const command = readCommand();
  if (!command) return EXIT_CODES.usage;
  if (command.kind === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return EXIT_CODES.ok;
  }

  // The first Ctrl-C stops taking rows and lets the requests under way finish; a second one leaves at once.
  const interruption = new AbortController();
  const onSignal = () => {
    if (interruption.signal.aborted) process.exit(EXIT_CODES.interrupted);
    process.stderr.write('\nStopping: finishing the documents under way (Ctrl-C again to leave at once)...\n');
    interruption.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return runImport(command.options, { stderr: process.stderr, stdout: process.stdout, stopSignal: interruption.signal });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`The import stopped on an unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);

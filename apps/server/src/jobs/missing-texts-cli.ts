/**
 * `npm run texts:queue-missing`: queues the reading of the text of every document that has none
 * (stored before texts were read, or whose reading was given up). The portal's servers read them
 * with their own workers; this command reads no file. Same configuration as the server.
 */
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open-configured-database.js';
import { createDocumentTextsRepository } from '../db/repositories/document-texts.repository.js';
import { createTransact } from '../db/transact.js';
import { queueMissingTexts } from '../services/document-texts/missing-texts.js';
import { startJobQueue } from './job-queue.js';
import { openTextExtractionQueue } from './text-extraction.js';

const PROGRESS_EVERY_MS = 2_000;

const config = loadConfig();
// Ctrl-C stops after the batch under way; what is queued stays queued.
const interrupt = new AbortController();
process.once('SIGINT', () => interrupt.abort());

const database = await openConfiguredDatabase(config);
try {
  const jobs = await startJobQueue({ database, logger: pino({ level: 'warn' }), runSchedules: false });
  try {
    let reportedAt = 0;
    const { checked, queued } = await queueMissingTexts({
      texts: createDocumentTextsRepository(database.db),
      queue: await openTextExtractionQueue(jobs),
      transact: createTransact(database.db),
      signal: interrupt.signal,
      onBatch: (progress) => {
        if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
        reportedAt = Date.now();
        console.error(
          `${progress.checked.toLocaleString('en')} documents looked at, ${progress.queued.toLocaleString('en')} texts queued…`,
        );
      },
    });
    console.log(
      `${checked.toLocaleString('en')} documents looked at; the reading of ${queued.toLocaleString('en')} texts is queued. ` +
        (interrupt.signal.aborted ? 'Interrupted: run the command again to go on. ' : '') +
        'The portal’s servers read them one at a time per instance.',
    );
    if (interrupt.signal.aborted) process.exitCode = 130;
  } finally {
    await jobs.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
} finally {
  await database.close();
}

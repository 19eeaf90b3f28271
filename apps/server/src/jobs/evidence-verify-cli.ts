/**
 * `npm run evidence:verify`: follows every client's chain of access evidence from its first event,
 * recomputing each hash, and names the first link that does not hold (exit code 1). It writes
 * nothing; events recorded and not yet chained are counted, not checked. Same configuration as
 * the server.
 */
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/open-configured-database.js';
import { createAccessEvidenceRepository } from '../db/repositories/access-evidence.repository.js';
import { createTransact } from '../db/transact.js';
import { createAccessEvidenceService } from '../services/access-evidence.service.js';
import { describeBrokenLink } from '../domain/access-evidence.js';

const PROGRESS_EVERY_MS = 2_000;

const database = await openConfiguredDatabase(loadConfig());
try {
  const evidence = createAccessEvidenceService({
    evidence: createAccessEvidenceRepository(database.db),
    transact: createTransact(database.db),
  });
  let reportedAt = Date.now();
  const report = await evidence.verify((client, checked) => {
    if (Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
    reportedAt = Date.now();
    console.error(`client ${client}: ${checked.toLocaleString('en')} events checked…`);
  });
  for (const chain of report.chains) {
    console.log(`client ${chain.client}: ${chain.events.toLocaleString('en')} events hold; last hash ${chain.head}`);
  }
  if (report.unchained > 0)
    console.log(`${report.unchained.toLocaleString('en')} events recorded are waiting to be chained (every minute).`);
  if (report.broken) {
    console.log(describeBrokenLink(report.broken));
    process.exitCode = 1;
  } else {
    console.log(report.chains.length === 0 ? 'No evidence is chained yet.' : 'Every chain holds.');
  }
} finally {
  await database.close();
}

import type { DigestService } from '../services/digest.service.js';
import type { RetentionService } from '../services/retention.service.js';
import type { ScheduledJob } from './scheduled-jobs.js';

export const JOB_NAMES = {
  retention: 'document-retention',
  orphanFileSweep: 'orphan-file-sweep',
  digest: 'new-document-digest',
  evidenceChaining: 'access-evidence-chaining',
  legalHoldObjects: 'legal-hold-objects',
  paperQueue: 'paper-queue',
  notices: 'availability-notices',
} as const;

/**
 * The portal's clockwork, in UTC: retention at night, when lists are least used; the sweep of
 * files no document names, hourly; the digests, hourly, each person's when its day or week has
 * passed; the chaining of the access evidence recorded since, every minute; the object store's
 * legal holds brought in line with the database's, every five minutes; the paper queue fed, every ten; the notices of availability sent, every minute.
 */
export function listPortalJobs(deps: {
  retention: RetentionService;
  digest: DigestService;
  /** Removes stored files that no document names (the ingestion service's sweep). */
  sweepOrphanFiles: () => Promise<unknown>;
  /** Gives each access event recorded since its place in its client's chain. */
  chainAccessEvidence: () => Promise<unknown>;
  /** Holds in the object store the files of the documents legal holds keep, and frees the others. */
  holdStoredFiles: () => Promise<unknown>;
  /** Adds to the paper queue what people on paper, and those who left a document unopened too long, must get by mail. */
  queuePaper: () => Promise<unknown>;
  /** Sends the notices of availability of the documents arrived for people who consented to electronic delivery. */
  sendNotices: () => Promise<unknown>;
}): ScheduledJob[] {
  return [
    { name: JOB_NAMES.retention, cron: '15 3 * * *', expireInMinutes: 180, run: () => deps.retention.run() },
    { name: JOB_NAMES.orphanFileSweep, cron: '40 * * * *', expireInMinutes: 55, run: deps.sweepOrphanFiles },
    { name: JOB_NAMES.digest, cron: '0 * * * *', expireInMinutes: 55, run: () => deps.digest.run() },
    { name: JOB_NAMES.evidenceChaining, cron: '* * * * *', expireInMinutes: 10, run: deps.chainAccessEvidence },
    { name: JOB_NAMES.legalHoldObjects, cron: '*/5 * * * *', expireInMinutes: 30, run: deps.holdStoredFiles },
    { name: JOB_NAMES.paperQueue, cron: '*/10 * * * *', expireInMinutes: 30, run: deps.queuePaper },
    { name: JOB_NAMES.notices, cron: '* * * * *', expireInMinutes: 10, run: deps.sendNotices },
  ];
}

import type { FastifyBaseLogger } from 'fastify';
import type { DigestRecipient, DigestRepository, NewDocumentCount } from '../db/repositories/digest.repository.js';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import type { NoticesRepository } from '../db/repositories/notices.repository.js';
import type { Transact } from '../db/transact.js';
import type { Outbox } from '../jobs/outbox.js';
import { createDigestMailer, type DigestMailer } from './digest-mailer.js';
import type { DigestTokens } from './digest-tokens.js';
import type { MailLogos } from './messages/mail-logos.js';
import type { DigestCadence } from './messages/digest-mail.js';

/** People read per query: their documents are counted in one query per batch. */
export const DIGEST_BATCH_SIZE = 500;

const PERIOD_MS: Record<DigestCadence, number> = { daily: 24 * 3_600_000, weekly: 7 * 24 * 3_600_000 };
/**
 * The job runs hourly and a window ends when its run begins: a person is due when its window is
 * within this of a full period, so that a run starting a few seconds early does not push the
 * digest an hour later each time.
 */
const DUE_SLACK_MS = 15 * 60_000;
/**
 * A window ends this long before the run: a document whose transaction began just before the run
 * may not be visible yet, and it is counted in the next window instead of never.
 */
const SETTLE_MS = 60_000;

/** What one person's digest tells: the documents arrived in its window, and those still awaiting its confirmation of reading. */
interface PersonsNews {
  arrived: NewDocumentCount[];
  awaiting: NewDocumentCount[];
}

export interface DigestRun {
  usersConsidered: number;
  mailsQueued: number;
  durationMs: number;
}

/**
 * The hourly job: each USER who chose a daily or weekly digest and whose period has passed gets
 * one message listing, per type it may see, how many documents arrived since its last one, and
 * how many still await its confirmation of reading (types that ask it: a reminder each period
 * until confirmed). Nothing new and nothing awaiting, no message; the window moves on either way.
 */
export function createDigestService(deps: {
  digest: DigestRepository;
  notices: NoticesRepository;
  experiences: ExperiencesRepository;
  logos: MailLogos;
  tokens: DigestTokens;
  outbox: Outbox;
  transact: Transact;
  publicUrl: string;
  logger: FastifyBaseLogger;
}) {
  /** The message and the window's move are one transaction: a person is told once, or not moved on. */
  async function sendDigest(mailer: DigestMailer, person: DigestRecipient, cadence: DigestCadence, news: PersonsNews, upTo: Date) {
    const mail = await mailer.digest(person, cadence, news.arrived, news.awaiting);
    await deps.transact(async (trx) => {
      await deps.digest.moveDigestSince([person.id], upTo, trx);
      // The notices of availability left for this digest go with it: its delivery is theirs.
      const documentIds = (await deps.notices.takeDigestNotices([person.id], trx)).get(person.id);
      await deps.outbox.queueMail(documentIds ? { ...mail, notices: { userId: person.id, documentIds } } : mail, trx);
    });
  }

  async function runCadence(cadence: DigestCadence, now: Date, upTo: Date, batchSize: number, mailer: DigestMailer) {
    const dueBefore = new Date(now.getTime() - PERIOD_MS[cadence] + DUE_SLACK_MS);
    let considered = 0;
    let queued = 0;
    let after: { digestSince: Date; id: number } | null = null;
    for (;;) {
      const batch = await deps.digest.dueRecipients(cadence, dueBefore, after, batchSize);
      if (batch.length === 0) break;
      considered += batch.length;
      const ids = batch.map((person) => person.id);
      const [arrived, awaiting] = await Promise.all([
        deps.digest.countNewDocuments(ids, upTo),
        deps.digest.countAwaitingAcknowledgement(ids),
      ]);
      const byPerson = new Map<number, PersonsNews>();
      const newsOf = (userId: number) => byPerson.get(userId) ?? byPerson.set(userId, { arrived: [], awaiting: [] }).get(userId)!;
      for (const count of arrived) newsOf(count.userId).arrived.push(count);
      for (const count of awaiting) newsOf(count.userId).awaiting.push(count);
      await deps.digest.moveDigestSince(
        batch.filter((person) => !byPerson.has(person.id)).map((person) => person.id),
        upTo,
      );
      for (const person of batch) {
        const own = byPerson.get(person.id);
        if (!own) continue;
        try {
          await sendDigest(mailer, person, cadence, own, upTo);
          queued++;
        } catch (error) {
          // This person is not moved on: the next run tries again. The others still get theirs.
          deps.logger.error({ err: error, userId: person.id }, 'digest not queued');
        }
      }
      const last = batch.at(-1)!;
      after = { digestSince: last.digestSince, id: last.id };
      if (batch.length < batchSize) break;
    }
    return { considered, queued };
  }

  return {
    async run(options: { batchSize?: number } = {}): Promise<DigestRun> {
      const started = Date.now();
      const now = await deps.digest.currentTime();
      const upTo = new Date(now.getTime() - SETTLE_MS);
      const mailer = createDigestMailer(deps);
      let usersConsidered = 0;
      let mailsQueued = 0;
      for (const cadence of ['daily', 'weekly'] as const) {
        const { considered, queued } = await runCadence(cadence, now, upTo, options.batchSize ?? DIGEST_BATCH_SIZE, mailer);
        usersConsidered += considered;
        mailsQueued += queued;
      }
      return { usersConsidered, mailsQueued, durationMs: Date.now() - started };
    },
  };
}
export type DigestService = ReturnType<typeof createDigestService>;

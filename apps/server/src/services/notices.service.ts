import type { NoticesRepository } from '../db/repositories/notices.repository.js';
import type { PaperQueueRepository } from '../db/repositories/paper-queue.repository.js';
import type { Transact } from '../db/transact.js';
import type { Outbox } from '../jobs/outbox.js';
import type { ApiKeyContext } from './api-key-authentication.service.js';
import type { DigestMailer } from './digest-mailer.js';
import type { WebhookEvents } from './webhooks/webhook-events.js';

/** Notices read per statement when handing them to the outbox. */
const UNSENT_PER_ROUND = 500;
/** A bounce reported after the fact concerns notices the mail server accepted within this many days. */
const LATE_BOUNCE_DAYS = 30;

/**
 * Notices of availability: each document of a covered type that arrives for a person who consented
 * to electronic delivery gets a notice, sent at once (or with the person's digest when it chose
 * one), and its delivery state follows what the mail server answers. Like the paper queue, a type
 * is read from the publication that first covered it.
 */
export function createNoticesService(deps: {
  notices: NoticesRepository;
  paper: PaperQueueRepository;
  mailer: () => DigestMailer;
  outbox: Outbox;
  transact: Transact;
  /** Tells the client's back office of each notice refused for good (a hard bounce). */
  webhooks?: Pick<WebhookEvents, 'emitForUsers'>;
}) {
  const emitBounced = (userIds: number[], reason: string) =>
    deps.webhooks?.emitForUsers({ type: 'notice.bounced', userIds, data: { reason: reason.slice(0, 500) } });

  return {
    /**
     * The job: every covered type's new documents get their notices (recorded with the type's mark,
     * in one transaction), then every notice not yet handed to the outbox is, one person's at a
     * time, with its message: a run that stops between the two leaves nothing unsent for the next.
     */
    async run(): Promise<{ notices: number }> {
      for (const type of await deps.paper.coveredTypes()) {
        const marks = await deps.paper.marksOf(type.id);
        await deps.transact(async (trx) => {
          const lastId = await deps.notices.publish(type.id, marks.notices_after_id, trx);
          await deps.paper.saveMarks(type.id, { noticesAfterId: lastId }, trx);
        });
      }
      const mailer = deps.mailer();
      let sent = 0;
      for (
        let people = await deps.notices.unsent(UNSENT_PER_ROUND);
        people.length > 0;
        people = await deps.notices.unsent(UNSENT_PER_ROUND)
      ) {
        for (const person of people) {
          const documentIds = person.documents.map((document) => document.id);
          const mail = await mailer.notice({ ...person, id: person.userId }, person.documents);
          await deps.transact(async (trx) => {
            await deps.outbox.queueMail({ ...mail, notices: { userId: person.userId, documentIds } }, trx);
            await deps.notices.markHandedOver(person.userId, documentIds, trx);
          });
          sent += documentIds.length;
        }
      }
      return { notices: sent };
    },

    /**
     * A bounce a mail provider reports later, for an address of the key's client: the notices to it
     * the server accepted in the last days, and the person has not opened since, leave for paper.
     */
    async reportBounce(key: ApiKeyContext, email: string, reason: string): Promise<number> {
      const people = await deps.notices.peopleWithEmail(key.clientId, email);
      const since = new Date(Date.now() - LATE_BOUNCE_DAYS * 86_400_000);
      const refused = await deps.notices.markRefused({ userIds: people, acceptedSince: since }, reason);
      if (refused > 0) await emitBounced(people, reason);
      return refused;
    },

    /** What the mail server answered a message of notices: accepted, or refused for good (then told as a bounce). */
    async recordAnswer(
      sent: { userId: number; documentIds: number[] },
      outcome: { accepted: true } | { accepted: false; refusal: string },
    ): Promise<void> {
      await deps.notices.recordAnswer(sent, outcome);
      if (!outcome.accepted) await emitBounced([sent.userId], outcome.refusal);
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;

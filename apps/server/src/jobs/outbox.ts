import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { rawExecutor } from '../db/raw-executor.js';
import type { Tx } from '../db/transact.js';
import type { InlineImage, MailTransport, OutgoingMail } from '../transports/mail/mail-transport.js';
import type { OutgoingSms, SmsTransport } from '../transports/sms/sms-transport.js';
import type { DeliveryChannel, DeliveryResult } from '../metrics/portal-metrics.js';
import type { JobQueue } from './job-queue.js';

const MAIL_QUEUE = 'outgoing-mail';
const SMS_QUEUE = 'outgoing-sms';

/**
 * A message that cannot go now is kept in the database and retried with backoff
 * (2 s, 4 s, 8 s … about two hours in all), never dropped.
 */
const DELIVERY_RETRIES = { retryLimit: 12, retryDelay: 2, retryBackoff: true } as const;

export interface Outbox {
  /** Queues a message; given a transaction, the message exists only if the transaction commits. */
  queueMail(message: OutgoingMail, trx?: Tx): Promise<void>;
  queueSms(message: OutgoingSms, trx?: Tx): Promise<void>;
}

/** Delivers what is queued, through the process's job queue (which its owner stops). */
export async function startOutbox(deps: {
  queue: JobQueue;
  mail: MailTransport;
  /** The images a message shows inside it (its brand's logo), drawn as it leaves rather than kept in the queue. */
  inlineImagesOf?: (message: OutgoingMail) => Promise<InlineImage[]>;
  sms: SmsTransport;
  logger: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  /** Told of every attempt, for the metrics. */
  onAttempt?: (channel: DeliveryChannel, result: DeliveryResult) => void;
  /** Told what the mail server answered a message carrying notices of availability: accepted, or refused for good (5xx). */
  onNoticeResult?: (
    notices: NonNullable<OutgoingMail['notices']>,
    outcome: { accepted: true } | { accepted: false; refusal: string },
  ) => Promise<void>;
}): Promise<Outbox> {
  const boss = deps.queue;
  for (const name of [MAIL_QUEUE, SMS_QUEUE]) await boss.createQueue(name, { name, ...DELIVERY_RETRIES });

  const polling = { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1 };
  const attempt = async (channel: DeliveryChannel, deliver: () => Promise<void>, failureDetails: object) => {
    try {
      await deliver();
      deps.onAttempt?.(channel, 'sent');
    } catch (error) {
      deps.onAttempt?.(channel, 'failed');
      deps.logger.warn({ err: error, ...failureDetails }, `${channel === 'mail' ? 'mail' : 'SMS'} not delivered yet; it will be retried`);
      throw error;
    }
  };
  await boss.work<OutgoingMail>(MAIL_QUEUE, polling, async ([job]) => {
    const message = job!.data;
    try {
      await attempt('mail', async () => deps.mail.send(message, await deps.inlineImagesOf?.(message)), { to: message.to });
    } catch (error) {
      // A notice the mail server refuses for good (5xx: no such mailbox) is a hard bounce: its
      // documents go to paper, and sending it again would be refused again.
      const code = (error as { responseCode?: number }).responseCode;
      if (message.notices && deps.onNoticeResult && code !== undefined && code >= 500 && code < 600) {
        await deps.onNoticeResult(message.notices, { accepted: false, refusal: String((error as Error).message) });
        return;
      }
      throw error;
    }
    if (message.notices) await deps.onNoticeResult?.(message.notices, { accepted: true });
  });
  await boss.work<OutgoingSms>(SMS_QUEUE, polling, async ([job]) => attempt('sms', () => deps.sms.send(job!.data), {}));

  const send = async (queue: string, data: object, trx?: Tx) => {
    await boss.send(queue, data, { ...DELIVERY_RETRIES, ...(trx && { db: rawExecutor(trx) as PgBoss.Db }) });
  };
  return {
    queueMail: (message, trx) => send(MAIL_QUEUE, message, trx),
    queueSms: (message, trx) => send(SMS_QUEUE, message, trx),
  };
}

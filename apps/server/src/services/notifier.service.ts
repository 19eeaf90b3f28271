import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@portal/contract';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import type { Tx } from '../db/transact.js';
import type { Outbox } from '../jobs/outbox.js';
import { serverText } from '../i18n/server-texts.js';
import { composeBrandedMail, type MailBrand, type MailContent } from './messages/branded-mail.js';
import { mailBrandOf } from './messages/mail-brand.js';

export interface Recipient {
  email: string;
  name: string;
  language: Locale;
  experienceId: number;
}

export type CodePurposeText = 'mfa' | 'passkey' | 'contact' | 'registration';

/**
 * Turns what happened into branded messages in the recipient's language and queues them.
 * With the embedded mail outbox (no SMTP server), codes are also logged so that a newcomer
 * running the portal alone can sign in.
 */
export function createNotifier(deps: {
  outbox: Outbox;
  experiences: ExperiencesRepository;
  publicUrl: string;
  codeTtlMinutes: number;
  resetTokenTtlMinutes: number;
  welcomeTokenTtlDays: number;
  logCodes: boolean;
  logger: FastifyBaseLogger;
}) {
  async function brandOf(experienceId: number, language: Locale, trx?: Tx): Promise<MailBrand> {
    return mailBrandOf(await deps.experiences.findById(experienceId, trx), language, deps.publicUrl);
  }

  /** Queues a mail to the recipient, greeted by name, in its language and under the brand of its division. */
  async function queueBrandedMail(
    recipient: Recipient,
    message: Omit<MailContent, 'to' | 'language' | 'brand' | 'recipientName'>,
    trx?: Tx,
  ) {
    const { language } = recipient;
    const brand = await brandOf(recipient.experienceId, language, trx);
    await deps.outbox.queueMail(
      composeBrandedMail({ to: recipient.email, language, brand, recipientName: recipient.name, ...message }),
      trx,
    );
  }

  return {
    async sendCodeByEmail(recipient: Recipient, purpose: CodePurposeText, code: string, trx?: Tx): Promise<void> {
      const { language } = recipient;
      await queueBrandedMail(
        recipient,
        {
          subject: serverText(language, `mail.${purpose}.subject`),
          paragraphs: [serverText(language, `mail.${purpose}.intro`)],
          code,
          footnote: serverText(language, 'mail.codeValidity', { minutes: deps.codeTtlMinutes }),
        },
        trx,
      );
      if (deps.logCodes) deps.logger.info({ to: recipient.email, purpose, code }, 'one-time code (embedded mail outbox)');
    },

    async sendCodeBySms(to: string, language: Locale, code: string, trx?: Tx): Promise<void> {
      await deps.outbox.queueSms({ to, text: serverText(language, 'sms.code', { code, minutes: deps.codeTtlMinutes }) }, trx);
      if (deps.logCodes) deps.logger.info({ to, code }, 'one-time code (SMS)');
    },

    async sendPasswordLink(recipient: Recipient & { username: string }, kind: 'reset' | 'welcome', token: string, trx?: Tx): Promise<void> {
      const { language } = recipient;
      const url = `${deps.publicUrl}/#/resetPassword?token=${encodeURIComponent(token)}`;
      await queueBrandedMail(
        recipient,
        {
          subject: serverText(language, `mail.${kind}.subject`),
          paragraphs: [
            kind === 'reset'
              ? serverText(language, 'mail.reset.intro')
              : serverText(language, 'mail.welcome.intro', { username: recipient.username }),
          ],
          action: { label: serverText(language, `mail.${kind}.button`), url },
          footnote:
            kind === 'reset'
              ? serverText(language, 'mail.reset.validity', { minutes: deps.resetTokenTtlMinutes })
              : serverText(language, 'mail.welcome.validity', { days: deps.welcomeTokenTtlDays }),
        },
        trx,
      );
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;

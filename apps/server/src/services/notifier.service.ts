import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@portal/contract';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import type { Tx } from '../db/transact.js';
import type { Outbox } from '../jobs/outbox.js';
import { composeBrandedMail, type MailBrand } from './messages/branded-mail.js';
import { MESSAGE_TEXTS } from './messages/message-texts.js';

export interface Recipient {
  email: string;
  name: string;
  language: Locale;
  experienceId: number;
}

export type CodePurposeText = 'mfa' | 'contact' | 'registration';

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
    const experience = await deps.experiences.findById(experienceId, trx);
    const colors = experience.colors as Record<string, string>;
    return {
      name: language === 'fr' ? experience.name_fr : experience.name_en,
      primary: colors.primary ?? '#1f4e79',
      title: colors.title ?? '#1f2329',
      logoUrl: `${deps.publicUrl}/branding/${encodeURIComponent(experience.code)}/logo`,
    };
  }

  return {
    async sendCodeByEmail(recipient: Recipient, purpose: CodePurposeText, code: string, trx?: Tx): Promise<void> {
      const words = MESSAGE_TEXTS[recipient.language];
      const subject = { mfa: words.mfaSubject, contact: words.contactSubject, registration: words.registrationSubject }[purpose];
      const intro = { mfa: words.mfaIntro, contact: words.contactIntro, registration: words.registrationIntro }[purpose];
      const mail = composeBrandedMail({
        to: recipient.email,
        language: recipient.language,
        brand: await brandOf(recipient.experienceId, recipient.language, trx),
        recipientName: recipient.name,
        subject,
        paragraphs: [intro],
        code,
        footnote: words.codeValidity(deps.codeTtlMinutes),
      });
      await deps.outbox.queueMail(mail, trx);
      if (deps.logCodes) deps.logger.info({ to: recipient.email, purpose, code }, 'one-time code (embedded mail outbox)');
    },

    async sendCodeBySms(to: string, language: Locale, code: string, trx?: Tx): Promise<void> {
      await deps.outbox.queueSms({ to, text: MESSAGE_TEXTS[language].sms(code, deps.codeTtlMinutes) }, trx);
      if (deps.logCodes) deps.logger.info({ to, code }, 'one-time code (SMS)');
    },

    async sendPasswordLink(
      recipient: Recipient & { username: string },
      kind: 'reset' | 'welcome',
      token: string,
      trx?: Tx,
    ): Promise<void> {
      const words = MESSAGE_TEXTS[recipient.language];
      const url = `${deps.publicUrl}/#/resetPassword?token=${encodeURIComponent(token)}`;
      const mail = composeBrandedMail({
        to: recipient.email,
        language: recipient.language,
        brand: await brandOf(recipient.experienceId, recipient.language, trx),
        recipientName: recipient.name,
        subject: kind === 'reset' ? words.resetSubject : words.welcomeSubject,
        paragraphs: [kind === 'reset' ? words.resetIntro : words.welcomeIntro(recipient.username)],
        action: { label: kind === 'reset' ? words.resetButton : words.welcomeButton, url },
        footnote: kind === 'reset' ? words.resetValidity(deps.resetTokenTtlMinutes) : words.welcomeValidity(deps.welcomeTokenTtlDays),
      });
      await deps.outbox.queueMail(mail, trx);
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;

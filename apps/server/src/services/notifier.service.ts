import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@portal/contract';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import type { Tx } from '../db/transact.js';
import type { Outbox } from '../jobs/outbox.js';
import { serverText } from '../i18n/server-texts.js';
import { composeBrandedMail, type MailContent } from './messages/branded-mail.js';
import { mailBrandOf } from './messages/mail-brand.js';
import type { MailLogos } from './messages/mail-logos.js';
import { portalPageLink, type PortalRoute } from './messages/portal-links.js';

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
  logos: MailLogos;
  publicUrl: string;
  codeTtlMinutes: number;
  resetTokenTtlMinutes: number;
  welcomeTokenTtlDays: number;
  logCodes: boolean;
  logger: FastifyBaseLogger;
}) {
  /**
   * Queues a mail to the recipient, greeted by name, in its language and under the brand of its
   * division; `write` is given the builder of its links, which open in that brand and language.
   */
  async function queueBrandedMail(
    recipient: Recipient,
    write: (linkTo: (route: PortalRoute) => string) => Omit<MailContent, 'to' | 'language' | 'brand' | 'recipientName'>,
    trx?: Tx,
  ) {
    const { language } = recipient;
    const experience = await deps.experiences.findById(recipient.experienceId, trx);
    const brand = mailBrandOf(experience, language, await deps.logos.logoFor(experience, language, trx));
    const linkTo = (route: PortalRoute) => portalPageLink(deps.publicUrl, { experienceCode: experience.code, language }, route);
    await deps.outbox.queueMail(
      composeBrandedMail({ to: recipient.email, language, brand, recipientName: recipient.name, ...write(linkTo) }),
      trx,
    );
  }

  return {
    async sendCodeByEmail(recipient: Recipient, purpose: CodePurposeText, code: string, trx?: Tx): Promise<void> {
      const { language } = recipient;
      await queueBrandedMail(
        recipient,
        () => ({
          subject: serverText(language, `mail.${purpose}.subject`),
          paragraphs: [serverText(language, `mail.${purpose}.intro`)],
          code,
          footnote: serverText(language, 'mail.codeValidity', { minutes: deps.codeTtlMinutes }),
        }),
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
      await queueBrandedMail(
        recipient,
        (linkTo) => ({
          subject: serverText(language, `mail.${kind}.subject`),
          paragraphs: [
            kind === 'reset'
              ? serverText(language, 'mail.reset.intro')
              : serverText(language, 'mail.welcome.intro', { username: recipient.username }),
          ],
          action: { label: serverText(language, `mail.${kind}.button`), url: linkTo({ path: '/resetPassword', query: { token } }) },
          footnote:
            kind === 'reset'
              ? serverText(language, 'mail.reset.validity', { minutes: deps.resetTokenTtlMinutes })
              : serverText(language, 'mail.welcome.validity', { days: deps.welcomeTokenTtlDays }),
        }),
        trx,
      );
    },

    /** Tells an administrator that the portal disabled one of its client's webhook endpoints, and why. */
    async sendWebhookDisabled(recipient: Recipient, endpoint: { url: string; days: number; lastError: string }, trx?: Tx): Promise<void> {
      const { language } = recipient;
      await queueBrandedMail(
        recipient,
        () => ({
          subject: serverText(language, 'mail.webhookDisabled.subject'),
          paragraphs: [
            serverText(language, 'mail.webhookDisabled.intro', { url: endpoint.url, days: endpoint.days }),
            serverText(language, 'mail.webhookDisabled.last', { error: endpoint.lastError }),
            serverText(language, 'mail.webhookDisabled.action'),
          ],
          footnote: serverText(language, 'mail.webhookDisabled.footnote'),
        }),
        trx,
      );
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;

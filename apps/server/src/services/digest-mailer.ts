import { DEFAULT_LOCALE, LOCALES, type Locale } from '@portal/contract';
import type { ExperiencesRepository } from '../db/repositories/experiences.repository.js';
import type { MailBrand } from './messages/branded-mail.js';
import { composeDigestConfirmationMail, composeDigestMail, unsubscribeLinksFor, type DigestCadence } from './messages/digest-mail.js';
import { mailBrandOf } from './messages/mail-brand.js';
import { composeNoticeMail } from './messages/notice-mail.js';
import type { MailLogos } from './messages/mail-logos.js';
import { portalPageLink, type LinkAudience } from './messages/portal-links.js';
import type { DigestTokens } from './digest-tokens.js';
import type { OutgoingMail } from '../transports/mail/mail-transport.js';

/** Whom a digest message goes to. */
export interface DigestAddressee {
  id: number;
  email: string;
  firstName: string;
  language: string;
  experienceId: number;
}

/** A type's new documents, titled in both languages. */
export interface NewDocumentsOfType {
  titleEn: string;
  titleFr: string;
  count: number;
}

const localeOf = (language: string): Locale => ((LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE);

/**
 * Writes the digest's messages, branded for the person's experience, in its contact language,
 * with its own unsubscribe links. A mailer reads each brand once (a run writes thousands of
 * messages for a handful of experiences), so it lives for one run: a brand changed meanwhile
 * shows in the next. The messages are returned, not queued, so the caller queues each in the
 * transaction that records it.
 */
export function createDigestMailer(deps: {
  experiences: ExperiencesRepository;
  logos: MailLogos;
  tokens: DigestTokens;
  publicUrl: string;
}) {
  const brands = new Map<string, Promise<{ brand: MailBrand; audience: LinkAudience }>>();
  const brandOf = (experienceId: number, language: Locale) => {
    const cacheKey = `${experienceId}:${language}`;
    let found = brands.get(cacheKey);
    if (!found) {
      found = deps.experiences.findById(experienceId).then(async (experience) => ({
        brand: mailBrandOf(experience, language, await deps.logos.logoFor(experience, language)),
        audience: { experienceCode: experience.code, language },
      }));
      found.catch(() => brands.delete(cacheKey));
      brands.set(cacheKey, found);
    }
    return found;
  };

  async function addressing(person: DigestAddressee, cadence: DigestCadence) {
    const language = localeOf(person.language);
    const { brand, audience } = await brandOf(person.experienceId, language);
    const unsubscribe = unsubscribeLinksFor(deps.publicUrl, await deps.tokens.tokenFor(person.id), audience);
    return { to: person.email, language, brand, recipientName: person.firstName, cadence, unsubscribe, audience };
  }

  return {
    async digest(
      person: DigestAddressee,
      cadence: DigestCadence,
      arrived: NewDocumentsOfType[],
      awaiting: NewDocumentsOfType[] = [],
    ): Promise<OutgoingMail> {
      const { audience, ...mail } = await addressing(person, cadence);
      const titled = (types: NewDocumentsOfType[]) =>
        types.map((type) => ({ title: mail.language === 'fr' ? type.titleFr : type.titleEn, count: type.count }));
      return composeDigestMail({
        ...mail,
        portalUrl: portalPageLink(deps.publicUrl, audience),
        counts: titled(arrived),
        awaiting: titled(awaiting),
      });
    },

    /** The notice that documents are available, for a person who chose no digest. */
    async notice(person: DigestAddressee, documents: { titleEn: string; titleFr: string; date: string }[]): Promise<OutgoingMail> {
      const language = localeOf(person.language);
      const { brand, audience } = await brandOf(person.experienceId, language);
      return composeNoticeMail({
        to: person.email,
        language,
        brand,
        recipientName: person.firstName,
        portalUrl: portalPageLink(deps.publicUrl, audience),
        documents: documents.map((document) => ({ title: language === 'fr' ? document.titleFr : document.titleEn, date: document.date })),
      });
    },

    async confirmation(person: DigestAddressee, cadence: DigestCadence): Promise<OutgoingMail> {
      const { audience: _audience, ...mail } = await addressing(person, cadence);
      return composeDigestConfirmationMail(mail);
    },
  };
}
export type DigestMailer = ReturnType<typeof createDigestMailer>;

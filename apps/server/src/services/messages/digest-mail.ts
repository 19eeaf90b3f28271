import type { Locale } from '@portal/contract';
import { serverText } from '../../i18n/server-texts.js';
import type { OutgoingMail } from '../../transports/mail/mail-transport.js';
import { composeBrandedMail, type MailBrand, type MailContent } from './branded-mail.js';
import { portalPageLink, type LinkAudience } from './portal-links.js';

export type DigestCadence = 'daily' | 'weekly';

/** Where a digest's reader goes to stop it: the page that asks first, and the address mail programs post to. */
export interface UnsubscribeLinks {
  pageUrl: string;
  oneClickUrl: string;
}

/** The page opens in the reader's brand and language; the one-click address is for mail programs, which show no page. */
export function unsubscribeLinksFor(publicUrl: string, token: string, audience: LinkAudience): UnsubscribeLinks {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    pageUrl: portalPageLink(publicUrl, audience, { path: '/digest/unsubscribe', query: { token } }),
    oneClickUrl: `${publicUrl}/api/v1/digest/unsubscribe?${query}`,
  };
}

interface DigestRecipientMail {
  to: string;
  language: Locale;
  brand: MailBrand;
  recipientName: string;
  cadence: DigestCadence;
  unsubscribe: UnsubscribeLinks;
}

/** The way out, written in the message and as the headers of RFC 2369 and RFC 8058 (one click, by POST). */
function unsubscribePart(language: Locale, links: UnsubscribeLinks): MailContent['unsubscribe'] {
  return {
    text: serverText(language, 'mail.digest.unsubscribe'),
    url: links.pageUrl,
    headers: { 'List-Unsubscribe': `<${links.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

type TypeCount = { title: string; count: number };

/**
 * What is new, type by type (titles in the reader's language), what still awaits the person's
 * confirmation of reading, and a link to the portal: never a document's content.
 */
export function composeDigestMail(
  mail: DigestRecipientMail & { portalUrl: string; counts: TypeCount[]; awaiting?: TypeCount[] },
): OutgoingMail {
  const { language } = mail;
  const awaiting = mail.awaiting ?? [];
  const onlyReminders = mail.counts.length === 0;
  return composeBrandedMail({
    to: mail.to,
    language,
    brand: mail.brand,
    recipientName: mail.recipientName,
    subject: serverText(language, onlyReminders ? 'mail.digest.reminderSubject' : 'mail.digest.subject'),
    paragraphs: [serverText(language, onlyReminders ? 'mail.digest.reminderIntro' : 'mail.digest.intro')],
    list: [
      ...mail.counts.map(({ title, count }) =>
        count === 1
          ? serverText(language, 'mail.digest.countOne', { title })
          : serverText(language, 'mail.digest.countMany', { title, count }),
      ),
      ...awaiting.map(({ title, count }) =>
        count === 1
          ? serverText(language, 'mail.digest.awaitingOne', { title })
          : serverText(language, 'mail.digest.awaitingMany', { title, count }),
      ),
    ],
    action: { label: serverText(language, 'mail.digest.button'), url: mail.portalUrl },
    footnote: serverText(language, mail.cadence === 'daily' ? 'mail.digest.footnoteDaily' : 'mail.digest.footnoteWeekly'),
    unsubscribe: unsubscribePart(language, mail.unsubscribe),
  });
}

/** Sent when a person turns the digest on or changes its pace: it confirms the address, and the way out. */
export function composeDigestConfirmationMail(mail: DigestRecipientMail): OutgoingMail {
  const { language } = mail;
  return composeBrandedMail({
    to: mail.to,
    language,
    brand: mail.brand,
    recipientName: mail.recipientName,
    subject: serverText(language, 'mail.digest.confirmSubject'),
    paragraphs: [serverText(language, mail.cadence === 'daily' ? 'mail.digest.confirmDaily' : 'mail.digest.confirmWeekly')],
    footnote: serverText(language, 'mail.digest.confirmFootnote'),
    unsubscribe: unsubscribePart(language, mail.unsubscribe),
  });
}

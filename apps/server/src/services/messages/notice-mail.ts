import type { Locale } from '@portal/contract';
import { serverText } from '../../i18n/server-texts.js';
import type { OutgoingMail } from '../../transports/mail/mail-transport.js';
import { composeBrandedMail, type MailBrand } from './branded-mail.js';

/**
 * The notice that documents are available in the portal, in the person's language and its
 * experience's brand: each document's type and date and a link, never its content.
 */
export function composeNoticeMail(mail: {
  to: string;
  language: Locale;
  brand: MailBrand;
  recipientName: string;
  portalUrl: string;
  documents: { title: string; date: string }[];
}): OutgoingMail {
  const { language } = mail;
  const one = mail.documents.length === 1;
  return composeBrandedMail({
    to: mail.to,
    language,
    brand: mail.brand,
    recipientName: mail.recipientName,
    subject: serverText(language, one ? 'mail.notice.subjectOne' : 'mail.notice.subjectMany', { count: mail.documents.length }),
    paragraphs: [serverText(language, one ? 'mail.notice.introOne' : 'mail.notice.introMany')],
    list: mail.documents.map((document) => serverText(language, 'mail.notice.item', { title: document.title, date: document.date })),
    action: { label: serverText(language, 'mail.notice.button'), url: mail.portalUrl },
    footnote: serverText(language, 'mail.notice.footnote'),
  });
}

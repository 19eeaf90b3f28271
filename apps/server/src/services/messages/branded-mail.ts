import type { Locale } from '@portal/contract';
import type { MailLogo, OutgoingMail } from '../../transports/mail/mail-transport.js';
import { serverText } from '../../i18n/server-texts.js';
import { escapeHtml } from '../../domain/html-text.js';
import { MAIL_LOGO_HEIGHT } from './mail-logos.js';

export interface MailBrand {
  /** The experience's name in the message's language: the sender's name and the logo's alternative text. */
  name: string;
  primary: string;
  title: string;
  /** None when the brand has no logo a mail program can show: the name stands in its place. */
  logo: MailLogo | null;
}

/** The head of the message: the logo (inside the message, by its content id), else the brand's name. */
function brandHeader(brand: MailBrand): string {
  return brand.logo
    ? `<img src="cid:${escapeHtml(brand.logo.cid)}" alt="${escapeHtml(brand.name)}" height="${MAIL_LOGO_HEIGHT}" style="display:block;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:${brand.title}">${escapeHtml(brand.name)}</span>`;
}

export interface MailContent {
  to: string;
  language: Locale;
  brand: MailBrand;
  recipientName: string;
  subject: string;
  paragraphs: string[];
  /** Lines shown as a list after the paragraphs. */
  list?: string[];
  /** A code shown large, or a link shown as a button. */
  code?: string;
  action?: { label: string; url: string };
  footnote: string;
  /**
   * A message the person asked to receive (a digest) says how to stop it instead of "ignore this
   * message", and carries the List-Unsubscribe headers mail programs offer as a button.
   */
  unsubscribe?: { text: string; url: string; headers: Record<string, string> };
}

/** An HTML message in the experience's logo and colours, with the same words as plain text. */
export function composeBrandedMail(content: MailContent): OutgoingMail {
  const { brand, language } = content;
  const greeting = serverText(language, 'mail.greeting', { name: content.recipientName });
  const closing = content.unsubscribe ? `${content.unsubscribe.text} ${content.unsubscribe.url}` : serverText(language, 'mail.ignore');
  const signature = serverText(language, 'mail.signature', { brand: brand.name });
  const lines = [
    greeting,
    '',
    ...content.paragraphs,
    ...(content.list ? ['', ...content.list.map((item) => `- ${item}`)] : []),
    ...(content.code ? ['', content.code] : []),
    ...(content.action ? ['', content.action.url] : []),
    '',
    content.footnote,
    closing,
    '',
    signature,
  ];
  const html = `<!doctype html>
<html lang="${content.language}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2329">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="padding:16px 24px;border-bottom:4px solid ${brand.primary}">${brandHeader(brand)}</td></tr>
<tr><td style="padding:24px">
<p>${escapeHtml(greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${content.list ? `<ul>${content.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
${content.code ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;color:${brand.title}">${escapeHtml(content.code)}</p>` : ''}
${content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:${brand.primary};color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;word-break:break-all">${escapeHtml(content.action.url)}</p>` : ''}
<p style="font-size:13px;color:#555">${escapeHtml(content.footnote)}<br>${
    content.unsubscribe
      ? `${escapeHtml(content.unsubscribe.text)} <a href="${escapeHtml(content.unsubscribe.url)}" style="color:#555">${escapeHtml(content.unsubscribe.url)}</a>`
      : escapeHtml(closing)
  }</p>
<p>${escapeHtml(signature)}</p>
</td></tr></table></body></html>`;
  return {
    to: content.to,
    subject: content.subject,
    text: lines.join('\n'),
    html,
    senderName: brand.name,
    ...(brand.logo && { logo: brand.logo }),
    ...(content.unsubscribe && { headers: content.unsubscribe.headers }),
  };
}

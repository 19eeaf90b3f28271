import type { Locale } from '@portal/contract';
import type { MailLogo } from '../../transports/mail/mail-transport.js';
import type { MailBrand } from './branded-mail.js';

/** The parts of an experience a message is branded with. */
export interface BrandedExperience {
  code: string;
  name_en: string;
  name_fr: string;
  colors: unknown;
}

/** An experience's name, colours and logo as a message shows them, in the recipient's language. */
export function mailBrandOf(experience: BrandedExperience, language: Locale, logo: MailLogo | null): MailBrand {
  const colors = experience.colors as Record<string, string>;
  return {
    name: language === 'fr' ? experience.name_fr : experience.name_en,
    primary: colors.primary ?? '#1f4e79',
    title: colors.title ?? '#1f2329',
    logo,
  };
}

import type { LegalHold, LegalHoldClientOption, Locale } from '@portal/contract';
import { pickBilingual } from '../../i18n/pick-bilingual';
import type { TextKey } from '../../i18n/text-keys';

type Translate = (key: TextKey, values?: Record<string, string>) => string;

/** What a hold keeps, in the reader's language: the customer's values, the type, or the document. */
export function describeSubject(hold: LegalHold, client: LegalHoldClientOption | undefined, language: Locale, t: Translate): string {
  const typeTitle = hold.type ? pickBilingual(language, { en: hold.type.titleEn, fr: hold.type.titleFr }) : '';
  switch (hold.subject) {
    case 'customer': {
      const labelOf = (name: string) => {
        const attribute = client?.attributes.find((each) => each.name === name);
        return attribute ? pickBilingual(language, { en: attribute.labelEn, fr: attribute.labelFr }) : name;
      };
      const values = (hold.values ?? []).map((pair) => `${labelOf(pair.attribute)} ${pair.value}`).join(', ');
      return t('legalHolds.subject.customerOf', { values });
    }
    case 'type':
      return t('legalHolds.subject.typeOf', { type: typeTitle });
    case 'document':
      return t('legalHolds.subject.documentOf', { id: hold.externalId ?? '', type: typeTitle });
  }
}

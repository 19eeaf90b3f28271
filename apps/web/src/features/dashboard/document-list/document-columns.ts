import type { Locale } from '@portal/contract';
import { pickBilingual } from '../../../i18n/pick-bilingual';
import type { ReportData } from './report-data-query';

export interface DocumentColumn {
  name: string;
  label: string;
}

/** The displayed attributes, in the server's order, with the reader's display names. */
export function listColumns(config: ReportData['Config'], language: Locale): DocumentColumn[] {
  return config.DisplayedAttributes.map((name) => {
    const attribute = config.Attributes.find((item) => item.Name === name);
    const label = attribute ? pickBilingual(language, { en: attribute.DisplayNameEN, fr: attribute.DisplayNameFR }) : name;
    return { name, label };
  });
}

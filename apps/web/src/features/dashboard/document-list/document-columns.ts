import type { Locale } from '@portal/contract';
import type { ReportData } from './report-data-query';

export interface DocumentColumn {
  name: string;
  label: string;
}

/** The displayed attributes, in the server's order, with the reader's display names. */
export function listColumns(config: ReportData['Config'], language: Locale): DocumentColumn[] {
  return config.DisplayedAttributes.map((name) => {
    const attribute = config.Attributes.find((item) => item.Name === name);
    const label = attribute ? (language === 'fr' ? attribute.DisplayNameFR : attribute.DisplayNameEN) : name;
    return { name, label };
  });
}

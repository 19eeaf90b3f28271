import type { Locale } from '@portal/contract';
import { columnOf, type DocumentColumn } from '../../../lib/attribute-values';
import type { ReportData } from './report-data-query';

/** The displayed attributes, in the server's order, with the reader's display names and words. */
export function listColumns(config: ReportData['Config'], language: Locale): DocumentColumn[] {
  return config.DisplayedAttributes.map((name) => {
    const attribute = config.Attributes.find((item) => item.Name === name);
    return attribute ? columnOf(attribute, language) : { name, label: name };
  });
}

import type { Locale } from '@portal/contract';
import { pickBilingual } from '../../../i18n/pick-bilingual';
import { formatAttributeValue } from './format-value';
import type { ReportData } from './report-data-query';

export interface DocumentColumn {
  name: string;
  label: string;
  /** The attribute's values that are words, as documents carry them, with what each reads in the reader's language. */
  words?: ReadonlyMap<string, string>;
}

type ColumnAttribute = Pick<ReportData['Config']['Attributes'][number], 'Name' | 'DisplayNameEN' | 'DisplayNameFR' | 'ValueLabels'>;

/** One attribute as a column: its display name and its words in the reader's language. */
export function columnOf(attribute: ColumnAttribute, language: Locale): DocumentColumn {
  const words = attribute.ValueLabels?.map((word): [string, string] => [
    word.Value,
    pickBilingual(language, { en: word.LabelEn, fr: word.LabelFr }),
  ]);
  return {
    name: attribute.Name,
    label: pickBilingual(language, { en: attribute.DisplayNameEN, fr: attribute.DisplayNameFR }),
    ...(words?.length ? { words: new Map(words) } : {}),
  };
}

/** The displayed attributes, in the server's order, with the reader's display names. */
export function listColumns(config: ReportData['Config'], language: Locale): DocumentColumn[] {
  return config.DisplayedAttributes.map((name) => {
    const attribute = config.Attributes.find((item) => item.Name === name);
    return attribute ? columnOf(attribute, language) : { name, label: name };
  });
}

/** A value as its column shows it: a word in the reader's language, a number in its format, anything else as it is. */
export function cellText(column: DocumentColumn, value: unknown, language: string): string {
  const word = typeof value === 'string' ? column.words?.get(value) : undefined;
  return word ?? formatAttributeValue(value, language);
}

import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import { computePageRange } from '../../../lib/page-range';
import { useCurrentLanguage } from '../../../i18n/use-current-language';

interface ListOutcomeProps {
  /** The latest answer's figures; absent until the first answer. */
  answer?: { page: number; perPage: number; total: number; isTotalLowerBound: boolean };
}

/**
 * What a list's latest answer found, for a screen reader. Always in the panel: a screen reader
 * reads a change inside a live region it already knows, not one that arrives with its text, and
 * the range and "No document found" the page shows come and go with the rows. Worded as a
 * sentence, so that it is not the visible range read twice.
 */
export function ListOutcome({ answer }: ListOutcomeProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  let text = '';
  if (answer && answer.total === 0) text = t('documents.outcomeNone');
  else if (answer) {
    const { first, last } = computePageRange(answer.page, answer.perPage, answer.total);
    const values = {
      count: answer.total,
      total: formatNumber(answer.total, language),
      first: formatNumber(first, language),
      last: formatNumber(last, language),
    };
    text = answer.isTotalLowerBound ? t('documents.outcomeAtLeast', values) : t('documents.outcome', values);
  }
  return (
    <VisuallyHidden role="status" data-testid="list-outcome">
      {text}
    </VisuallyHidden>
  );
}

import { Group, Text } from '@mantine/core';
import { ListPagination } from '../../../components/list-pagination';
import { PageSizeSelect } from '../../../components/page-size-select';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import { computePageRange } from '../../../lib/page-range';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { PAGE_SIZES } from './use-list-request';

interface PageControlsProps {
  page: number;
  perPage: number;
  total: number;
  /** The total is a lower bound: the search matches at least that many documents. */
  isTotalLowerBound?: boolean;
  title: string;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** Page size, the range shown (the list's outcome region reads it out), and page navigation. */
export function PageControls({ page, perPage, total, isTotalLowerBound = false, title, onPage, onPerPage }: PageControlsProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const { pageCount, first, last } = computePageRange(page, perPage, total);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <PageSizeSelect label={t('documents.perPage')} sizes={PAGE_SIZES} value={perPage} onChange={onPerPage} w={90} />
        <Text size="sm" mt="lg">
          {t(isTotalLowerBound ? 'documents.rangeAtLeast' : 'documents.range', {
            first: formatNumber(first, language),
            last: formatNumber(last, language),
            total: formatNumber(total, language),
          })}
        </Text>
      </Group>
      <ListPagination label={t('documents.pagination', { title })} pageCount={pageCount} page={page} onPage={onPage} />
    </Group>
  );
}

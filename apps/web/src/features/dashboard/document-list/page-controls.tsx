import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
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

/** Page size, the range shown, and page navigation. */
export function PageControls({ page, perPage, total, isTotalLowerBound = false, title, onPage, onPerPage }: PageControlsProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Select
          label={t('documents.perPage')}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(perPage)}
          onChange={(value) => value && onPerPage(Number(value))}
          allowDeselect={false}
          w={90}
          size="xs"
        />
        <Text size="sm" aria-live="polite" mt="lg">
          {t(isTotalLowerBound ? 'documents.rangeAtLeast' : 'documents.range', { first: formatNumber(first, language), last: formatNumber(last, language), total: formatNumber(total, language) })}
        </Text>
      </Group>
      <nav aria-label={t('documents.pagination', { title })}>
        <Pagination
          total={pageCount}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={1}
          getItemProps={(item) => ({ 'aria-label': t('documents.goToPage', { page: item }) })}
          getControlProps={(control) => ({ 'aria-label': t(`documents.pageControl.${control}`) })}
        />
      </nav>
    </Group>
  );
}

import { Group, Text } from '@mantine/core';
import { USER_PAGE_SIZES, USER_PAGE_SIZES_MOBILE } from '@portal/contract';
import { ListPagination } from '../../components/list-pagination';
import { PageSizeSelect } from '../../components/page-size-select';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatNumber } from '../../lib/format';
import { computePageRange } from '../../lib/page-range';

interface UserPageControlsProps {
  page: number;
  perPage: number;
  total: number;
  isMobile: boolean;
  isDisabled: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** Rows per page (spec section 9: 10 to 200, at most 100 on a phone), the range shown and the pages. */
export function UserPageControls({ page, perPage, total, isMobile, isDisabled, onPage, onPerPage }: UserPageControlsProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const sizes = isMobile ? USER_PAGE_SIZES_MOBILE : USER_PAGE_SIZES;
  const { pageCount, first, last } = computePageRange(page, perPage, total);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <PageSizeSelect
          label={t('userManagement.perPage')}
          sizes={sizes}
          value={perPage}
          onChange={onPerPage}
          disabled={isDisabled}
          w={110}
        />
        <Text size="sm" aria-live="polite">
          {t('userManagement.range', {
            first: formatNumber(first, language),
            last: formatNumber(last, language),
            total: formatNumber(total, language),
          })}
        </Text>
      </Group>
      <ListPagination label={t('userManagement.pagination')} pageCount={pageCount} page={page} onPage={onPage} isDisabled={isDisabled} />
    </Group>
  );
}

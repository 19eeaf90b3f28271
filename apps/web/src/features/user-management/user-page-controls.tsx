import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { USER_PAGE_SIZES, USER_PAGE_SIZES_MOBILE } from '@portal/contract';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { formatNumber } from '../../lib/format';

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
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          label={t('userManagement.perPage')}
          data={sizes.map((size) => ({ value: String(size), label: String(size) }))}
          value={String(perPage)}
          onChange={(value) => value && onPerPage(Number(value))}
          allowDeselect={false}
          disabled={isDisabled}
          w={110}
          size="xs"
        />
        <Text size="sm" aria-live="polite">
          {t('userManagement.range', {
            first: formatNumber(first, language),
            last: formatNumber(last, language),
            total: formatNumber(total, language),
          })}
        </Text>
      </Group>
      <nav aria-label={t('userManagement.pagination')}>
        <Pagination
          total={pageCount}
          value={page}
          onChange={onPage}
          disabled={isDisabled}
          size="sm"
          siblings={1}
          getItemProps={(item) => ({ 'aria-label': t('userManagement.goToPage', { page: item }) })}
          getControlProps={(control) => ({ 'aria-label': t(`userManagement.pageControl.${control}`) })}
        />
      </nav>
    </Group>
  );
}

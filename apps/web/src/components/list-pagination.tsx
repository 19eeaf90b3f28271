import { Pagination } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

interface ListPaginationProps {
  /** Names the navigation landmark after the list it pages through. */
  label: string;
  pageCount: number;
  page: number;
  onPage: (page: number) => void;
  isDisabled?: boolean;
}

/** The page buttons of a list, each named: Mantine's show bare numbers and arrows. */
export function ListPagination({ label, pageCount, page, onPage, isDisabled }: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      <Pagination
        total={pageCount}
        value={page}
        onChange={onPage}
        disabled={isDisabled}
        size="sm"
        siblings={1}
        getItemProps={(item) => ({ 'aria-label': t('pagination.goToPage', { page: item }) })}
        getControlProps={(control) => ({ 'aria-label': t(`pagination.control.${control}`) })}
      />
    </nav>
  );
}

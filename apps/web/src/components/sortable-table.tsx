import type { ReactNode } from 'react';
import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import classes from './sortable-table.module.css';

/** The table's name for screen readers; sighted people have the heading above it. */
export function HiddenCaption({ children }: { children: ReactNode }) {
  return (
    <caption className={classes.caption}>
      <VisuallyHidden>{children}</VisuallyHidden>
    </caption>
  );
}

interface SortableHeaderProps {
  label: string;
  /** The order of the list when it is sorted by this column; null when it is sorted by another. */
  direction: 'ascending' | 'descending' | null;
  onSort: () => void;
  isDisabled?: boolean;
  /** Keeps the label on one line, for tables that scroll sideways rather than squeeze their columns. */
  isSingleLine?: boolean;
  /** A column of figures aligned at their end: the label ends where they do, its sort mark before it. */
  isAlignedEnd?: boolean;
}

/** A column header whose button sorts by the column; aria-sort tells screen readers the current order. */
export function SortableHeader({ label, direction, onSort, isDisabled, isSingleLine = false, isAlignedEnd = false }: SortableHeaderProps) {
  const Icon = direction === null ? IconArrowsSort : direction === 'ascending' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={direction ?? undefined} ta={isAlignedEnd ? 'end' : undefined}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={onSort}
        disabled={isDisabled}
        data-single-line={isSingleLine || undefined}
        data-aligned-end={isAlignedEnd || undefined}
      >
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

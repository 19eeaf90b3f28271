import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone's screen, scrolled sideways in place. It is a named region that
 * takes the focus, so that a keyboard scrolls it even when nothing inside can take the focus.
 */
export function ScrollingTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}

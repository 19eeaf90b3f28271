import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';

interface FactListProps {
  /** Label and value pairs, in order. */
  facts: readonly (readonly [string, ReactNode])[];
  /** The labels' column width, so that values line up. */
  labelWidth: number;
}

/** Labelled values as a description list: a card's or a dialog's facts, readable on a phone. */
export function FactList({ facts, labelWidth }: FactListProps) {
  return (
    <Stack gap={4} component="dl" m={0}>
      {facts.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap" align="flex-start">
          <Text component="dt" size="sm" c="dimmed" miw={labelWidth}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

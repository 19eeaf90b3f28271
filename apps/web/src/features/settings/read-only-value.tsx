import { useId, type ReactNode } from 'react';
import { Group, Input, Paper, Text } from '@mantine/core';

interface ReadOnlyValueProps {
  label: string;
  /** Shown as text; an empty value shows the placeholder instead. */
  value: string;
  placeholder?: string;
  /** Buttons beside the value, such as the e-mail's edit pencil. */
  action?: ReactNode;
  testId?: string;
}

/**
 * A labelled value the user cannot type into here (e-mail, phone): it changes only through
 * the dialog that proves the new one with a code. Plain text rather than a read-only input,
 * so that it reads as a fact, not as a field to fill.
 */
export function ReadOnlyValue({ label, value, placeholder, action, testId }: ReadOnlyValueProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} component="div">
        {label}
      </Input.Label>
      <Paper withBorder radius="md" px="sm" py={6} mih={36} bg="var(--mantine-color-default-hover)">
        <Group gap="xs" wrap="nowrap" justify="space-between" mih={24}>
          <Text size="sm" c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
            {value || placeholder}
          </Text>
          {action}
        </Group>
      </Paper>
    </div>
  );
}

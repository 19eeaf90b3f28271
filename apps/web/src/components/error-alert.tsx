import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface ErrorAlertProps {
  children: ReactNode;
  title?: ReactNode;
  testId?: string;
}

/** A failure shown in the page: one look everywhere, announced at once to screen readers. */
export function ErrorAlert({ children, title, testId }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title={title} data-testid={testId}>
      {children}
    </Alert>
  );
}

import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { AffectedReport } from '../lib/subscription-error';
import { AffectedReportList } from './affected-report-list';

/** A failed subscription: the message, then the document types it concerns when the server names them. */
export function SubscriptionErrorAlert({ message, reports, testId }: { message: string; reports: AffectedReport[]; testId?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        <AffectedReportList reports={reports} />
      </Stack>
    </Alert>
  );
}

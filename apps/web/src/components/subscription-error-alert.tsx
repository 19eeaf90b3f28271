import { Stack, Text } from '@mantine/core';
import type { AffectedReport } from '../lib/subscription-error';
import { AffectedReportList } from './affected-report-list';
import { ErrorAlert } from './error-alert';

/** A failed subscription: the message, then the document types it concerns when the server names them. */
export function SubscriptionErrorAlert({ message, reports, testId }: { message: string; reports: AffectedReport[]; testId?: string }) {
  return (
    <ErrorAlert testId={testId}>
      <Stack gap={4}>
        <Text size="sm">{message}</Text>
        <AffectedReportList reports={reports} />
      </Stack>
    </ErrorAlert>
  );
}

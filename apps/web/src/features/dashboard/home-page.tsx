import { lazy, Suspense, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { formatDate } from '../../lib/format';
import { consentStateQuery } from '../../lib/consent-query';
import { useStoredUser } from '../../lib/stored-user';
import { dashboardKeys } from './query-keys';
import { ReportTiles } from './report-tiles';
import { reportsQuery } from './reports-query';
import { usePanelStack } from './use-panel-stack';

// A list's search, table, date picker and preview are fetched when the first list opens: the
// tiles are what a phone shows first.
// Consent is asked rarely: its form, sample viewer and texts come only to the person asked.
const ConsentCard = lazy(async () => ({ default: (await import('./consent-card')).ConsentCard }));
const DocumentListPanel = lazy(async () => ({
  default: (await import('./document-list/document-list-panel')).DocumentListPanel,
}));

interface HomePageProps {
  /**
   * The add-subscription button (it lives with the onboarding dialog, another feature), given
   * what to call once a subscription is added.
   */
  renderAddSubscription?: (onSubscribed: () => void) => ReactNode;
}

/** The dashboard (spec section 2): a tile per document type, and the lists opened from them, newest first. */
export function HomePage({ renderAddSubscription }: HomePageProps) {
  const { t, language } = useTranslation();
  const user = useStoredUser();
  const panels = usePanelStack(user?.userid);
  const queryClient = useQueryClient();
  const { data, error, isPending, isFetching, refetch } = useQuery(reportsQuery());
  const consent = useQuery({ ...consentStateQuery(), enabled: user?.role === 'USER' });
  const pendingDisclosure = consent.data?.state === 'pending' ? consent.data.disclosure : null;
  const reports = data?.ReportsInfos ?? [];
  // Subscribing is for people who own documents (role USER), where the client offers it.
  const canSubscribe = data?.HasOnboarding === true && user?.role === 'USER';
  // A new subscription may bring a new tile, or more documents in an open list.
  const refreshDocuments = () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('dashboard.welcome', { firstname: user?.firstname ?? '' })}</Title>
          <Text c="dimmed">{t('dashboard.today', { date: formatDate(new Date(), language, { dateStyle: 'full' }) })}</Text>
        </Stack>
        {canSubscribe && renderAddSubscription?.(refreshDocuments)}
      </Group>
      {pendingDisclosure && (
        <Suspense fallback={<LoadingIndicator />}>
          <ConsentCard disclosure={pendingDisclosure} onConsented={refreshDocuments} />
        </Suspense>
      )}
      {isPending && <LoadingIndicator />}
      {error && (
        <ErrorAlert onRetry={() => void refetch()} isRetrying={isFetching}>
          {describeError(error)}
        </ErrorAlert>
      )}
      {data && reports.length === 0 && <Text>{t('dashboard.noTypes')}</Text>}
      {reports.length > 0 && (
        <section aria-label={t('dashboard.typesLabel')}>
          <ReportTiles reports={reports} showUnviewed={user?.role === 'USER'} openCodes={panels.codes} onOpen={panels.open} />
        </section>
      )}
      <Suspense fallback={<LoadingIndicator />}>
        {panels.codes.map((code) => {
          const report = reports.find((item) => item.Code === code);
          return report ? (
            <DocumentListPanel key={code} report={report} attention={panels.attentionOf(code)} onClose={() => panels.close(code)} />
          ) : null;
        })}
      </Suspense>
    </Stack>
  );
}

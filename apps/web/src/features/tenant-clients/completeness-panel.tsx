import { Alert, Badge, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { consoleTenantsEndpoints, type IncompleteText } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { CONSOLE_QUERY_ROOT } from '../../lib/console-clients-query';

export function completenessQueryKey(clientId: number) {
  return [...CONSOLE_QUERY_ROOT, 'completeness', clientId] as const;
}

/** One line per gap: where the text is, which language lacks it, and what each language holds. */
export function IncompleteTextList({ texts }: { texts: Pick<IncompleteText, 'area' | 'field' | 'label' | 'problem' | 'id'>[] }) {
  const { t } = useTranslation();
  return (
    <List spacing="xs" size="sm">
      {texts.map((text) => (
        <List.Item key={`${text.area}-${text.id}-${text.field}`}>
          <Text span fw={600}>
            {t(`console.clients.areas.${text.area}`)} · {text.label}
          </Text>{' '}
          — {t(`console.clients.fields.${text.field}`)}: {t(`console.clients.problems.${text.problem}`)}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The bilingual completeness check: every text of the client present in one language and
 * missing, or merely copied, in the other. Texts registration shows are marked: onboarding
 * stays off until they are complete.
 */
export function CompletenessPanel({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const report = useQuery({
    queryKey: completenessQueryKey(clientId),
    queryFn: ({ signal }) => callApi(consoleTenantsEndpoints.consoleCompleteness, { params: { clientId }, signal }),
    select: (answer) => answer.data,
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="completeness-title">
      <Title order={2} size="h3" id="completeness-title">
        {t('console.clients.completenessTitle')}
      </Title>
      {report.isPending && <LoadingIndicator />}
      {report.isError && <ErrorAlert>{describeError(report.error)}</ErrorAlert>}
      {report.data?.complete && (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />}>
          {t('console.clients.complete')}
        </Alert>
      )}
      {report.data && !report.data.complete && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('console.clients.incomplete', { count: report.data.incomplete.length })}
        >
          <Stack gap="xs">
            <IncompleteTextList texts={report.data.incomplete} />
            {report.data.incomplete.some((text) => text.shownAtRegistration) && (
              <Text size="sm">
                <Badge color="yellow" variant="outline" mr="xs">
                  {t('console.clients.registrationBadge')}
                </Badge>
                {t('console.clients.registrationBlocked')}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Center, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveryConsentEndpoints } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DangerButton } from '../../components/danger-button';
import { ConsentForm } from '../../components/consent-form';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { CONSENT_QUERY_KEY, consentStateQuery } from '../../lib/consent-query';
import { formatMoment } from '../../lib/format';

/**
 * Electronic delivery, where the person's client asks consent: where the person stands, the
 * withdrawal (paper from then on, documents still readable), and consent given again.
 */
export function DeliveryTab() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const queryClient = useQueryClient();
  const consent = useQuery(consentStateQuery());
  const [isConfirming, setConfirming] = useState(false);
  const withdraw = useMutation({
    mutationFn: () => callApi(deliveryConsentEndpoints.withdrawConsent, {}),
    onSuccess: (answer) => {
      queryClient.setQueryData(CONSENT_QUERY_KEY, answer);
      setConfirming(false);
    },
  });

  if (consent.error) return <ErrorAlert>{describeError(consent.error)}</ErrorAlert>;
  if (!consent.data) {
    return (
      <Center py="lg">
        <LoadingIndicator label={t('consent.loading')} />
      </Center>
    );
  }
  const { state, disclosure, consentedAt, paperSince } = consent.data;
  // Documents the person consents to again come back to its dashboard.
  const refreshDocuments = () => void queryClient.invalidateQueries();

  return (
    <Stack gap="md" data-testid="delivery-tab">
      {state === 'consented' && consentedAt && (
        <>
          <Alert color="teal" variant="light" role="status">
            {t('consent.stateConsented', { date: formatMoment(consentedAt, language), version: String(disclosure?.version ?? '') })}
          </Alert>
          <Text size="sm">{t('consent.withdrawExplained')}</Text>
          <Group>
            <DangerButton variant="default" onClick={() => setConfirming(true)}>
              {t('consent.withdraw')}
            </DangerButton>
          </Group>
        </>
      )}
      {state === 'withdrawn' && paperSince && (
        <Alert color="gray" variant="light" role="status">
          {t('consent.stateWithdrawn', { date: formatMoment(paperSince, language) })}
        </Alert>
      )}
      {state === 'pending' && (
        <Alert color="orange" variant="light" role="status">
          {t('consent.statePending')}
        </Alert>
      )}
      {state === 'notRequired' && <Text>{t('consent.stateNotRequired')}</Text>}
      {(state === 'withdrawn' || state === 'pending') && disclosure && (
        <ConsentForm disclosure={disclosure} how="settings" onConsented={refreshDocuments} previewStackId="consent-sample" />
      )}
      <ConfirmDialog
        stackId="withdraw-consent"
        opened={isConfirming}
        title={t('consent.withdrawTitle')}
        text={t('consent.withdrawQuestion')}
        confirmLabel={t('consent.withdrawConfirm')}
        emphasis="danger"
        isPending={withdraw.isPending}
        error={withdraw.error}
        onConfirm={() => withdraw.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import type { WebhookEndpoint, WebhookEventType } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { FactList } from '../../components/fact-list';
import { describeError } from '../../i18n/error-message';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoment } from '../../lib/format';
import { useIsMobile } from '../../lib/use-is-mobile';
import { DeliveryList } from './delivery-list';
import { RotateDialog } from './rotate-dialog';
import type { WebhookChanges } from './webhook-queries';

interface EndpointCardProps {
  clientId: number;
  endpoint: WebhookEndpoint;
  changes: WebhookChanges;
  onEdit: () => void;
  onSecret: (shown: { url: string; secret: string }) => void;
}

/** One endpoint: its address, events and state, what may be done with it, and its deliveries on demand. */
export function EndpointCard({ clientId, endpoint, changes, onEdit, onSecret }: EndpointCardProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const [showsDeliveries, setShowsDeliveries] = useState(false);
  const [asking, setAsking] = useState<'rotate' | 'remove' | null>(null);
  const headingId = `webhook-${endpoint.id}`;
  const state = endpoint.enabled ? 'enabled' : endpoint.disabledReason === 'failing' ? 'disabledFailing' : 'disabled';
  const enableAgain = () =>
    changes.save.mutate({
      id: endpoint.id,
      body: { url: endpoint.url, description: endpoint.description, events: endpoint.events as WebhookEventType[], enabled: true },
    });

  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="webhook-endpoint">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Title>
          <Badge color={endpoint.enabled ? 'teal.9' : 'red.9'} variant="filled" data-testid="webhook-state">
            {t(`webhooks.states.${state}`)}
          </Badge>
        </Group>
        <FactList
          labelWidth={isMobile ? 110 : 180}
          facts={[
            ...(endpoint.description ? ([[t('webhooks.fields.description'), endpoint.description]] as const) : []),
            [t('webhooks.fields.events'), endpoint.events.map((type) => t(`webhooks.events.${type as WebhookEventType}`)).join(', ')],
            ...(endpoint.failingSince
              ? ([[t('webhooks.fields.failingSince'), formatMoment(endpoint.failingSince, language)]] as const)
              : []),
            ...(endpoint.previousSecretUntil
              ? ([[t('webhooks.fields.previousSecretUntil'), formatMoment(endpoint.previousSecretUntil, language)]] as const)
              : []),
          ]}
        />
        {(changes.rotate.error || changes.save.error) && !asking && (
          <ErrorAlert>{describeError(changes.rotate.error ?? changes.save.error)}</ErrorAlert>
        )}
        <Group gap="sm">
          <Button
            variant="default"
            aria-expanded={showsDeliveries}
            aria-controls={`${headingId}-deliveries`}
            onClick={() => setShowsDeliveries((shown) => !shown)}
          >
            {showsDeliveries ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
          </Button>
          {!endpoint.enabled && (
            <Button
              variant="filled"
              onClick={enableAgain}
              loading={changes.save.isPending}
              aria-label={t('webhooks.enableOf', { url: endpoint.url })}
            >
              {t('webhooks.enable')}
            </Button>
          )}
          <Button variant="default" onClick={onEdit} aria-label={t('webhooks.editOf', { url: endpoint.url })}>
            {t('webhooks.edit')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              changes.rotate.reset();
              setAsking('rotate');
            }}
            aria-label={t('webhooks.rotateOf', { url: endpoint.url })}
          >
            {t('webhooks.rotate')}
          </Button>
          <Button
            variant="default"
            color="red"
            onClick={() => setAsking('remove')}
            aria-label={t('webhooks.removeOf', { url: endpoint.url })}
          >
            {t('webhooks.remove')}
          </Button>
        </Group>
        <div id={`${headingId}-deliveries`}>
          {showsDeliveries && <DeliveryList clientId={clientId} endpoint={endpoint} resend={changes.resend} />}
        </div>
      </Stack>
      <RotateDialog
        endpoint={asking === 'rotate' ? endpoint : null}
        rotate={changes.rotate}
        onClose={() => setAsking(null)}
        onRotated={(shown) => {
          setAsking(null);
          onSecret(shown);
        }}
      />
      <ConfirmDialog
        opened={asking === 'remove'}
        title={t('webhooks.removeTitle')}
        text={t('webhooks.removeText', { url: endpoint.url })}
        confirmLabel={t('webhooks.remove')}
        cancelLabel={t('webhooks.cancel')}
        isPending={changes.remove.isPending}
        error={changes.remove.error}
        onConfirm={() => changes.remove.mutate(endpoint.id, { onSuccess: () => setAsking(null) })}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}

import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { ScrollingTable } from '../../components/scrolling-table';
import { describeError } from '../../i18n/error-message';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoment } from '../../lib/format';
import { webhookDeliveriesQuery, type WebhookChanges } from './webhook-queries';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { pending: 'blue.9', delivered: 'teal.9', failed: 'red.9' };

/** An endpoint's latest deliveries: what each attempt met, and a way to send one again. */
export function DeliveryList({
  clientId,
  endpoint,
  resend,
}: {
  clientId: number;
  endpoint: WebhookEndpoint;
  resend: WebhookChanges['resend'];
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const deliveries = useQuery(webhookDeliveriesQuery(clientId, endpoint.id));
  const moment = (value: string | null) => (value ? formatMoment(value, language) : '—');

  if (deliveries.error) return <ErrorAlert>{describeError(deliveries.error)}</ErrorAlert>;
  if (deliveries.isPending) return <LoadingIndicator label={t('webhooks.deliveries.loading')} />;
  if (deliveries.data.length === 0) return <Text role="status">{t('webhooks.deliveries.none')}</Text>;
  return (
    <Stack gap="xs">
      {resend.error && <ErrorAlert>{describeError(resend.error)}</ErrorAlert>}
      <ScrollingTable label={t('webhooks.deliveries.caption', { url: endpoint.url })} minWidth={980}>
        <Table striped verticalSpacing="xs" data-testid="webhook-deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('webhooks.deliveries.event')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.deliveries.status')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.deliveries.statusCode')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.deliveries.attempts')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.deliveries.lastError')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.deliveries.lastAttempt')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.deliveries.nextAttempt')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.deliveries.messageId')}</Table.Th>
              <Table.Th scope="col">{t('webhooks.deliveries.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.data.map((delivery) => (
              <Table.Tr key={delivery.id} data-testid="webhook-delivery">
                <Table.Td>{t(`webhooks.events.${delivery.eventType as WebhookEventType}`)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[delivery.status]} variant="filled">
                    {t(`webhooks.deliveries.statuses.${delivery.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td data-testid="webhook-delivery-code">{delivery.lastStatusCode ?? '—'}</Table.Td>
                <Table.Td data-testid="webhook-delivery-attempts">{delivery.attempts}</Table.Td>
                <Table.Td>{delivery.lastError ?? '—'}</Table.Td>
                <Table.Td>{moment(delivery.lastAttemptAt)}</Table.Td>
                <Table.Td>{moment(delivery.nextAttemptAt)}</Table.Td>
                <Table.Td ff="monospace" fz="xs">
                  {delivery.messageId}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconSend size={16} aria-hidden />}
                    disabled={!endpoint.enabled}
                    loading={resend.isPending && resend.variables?.deliveryId === delivery.id}
                    aria-label={t('webhooks.deliveries.resendLabel', { id: delivery.messageId })}
                    onClick={() => resend.mutate({ id: endpoint.id, deliveryId: delivery.id })}
                  >
                    {t('webhooks.deliveries.resend')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
    </Stack>
  );
}

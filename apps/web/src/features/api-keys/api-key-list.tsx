import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import type { ApiKeySummary, Locale } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { HiddenCaption } from '../../components/sortable-table';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoment } from '../../lib/format';
import { describeTypes, maskedKey } from './api-key-descriptions';
import { FactList } from '../../components/fact-list';

interface ApiKeyListProps {
  keys: ApiKeySummary[];
  isMobile: boolean;
  /** Shown when the list spans several clients. */
  showsClient: boolean;
  onRevoke: (key: ApiKeySummary) => void;
}

/** The keys, newest first: a table on wide screens, one card per key on a phone. */
export function ApiKeyList({ keys, isMobile, showsClient, onRevoke }: ApiKeyListProps) {
  const { t } = useTranslation();
  if (keys.length === 0) return <Text role="status">{t('apiKeys.noKey')}</Text>;
  return isMobile ? (
    <ApiKeyCards keys={keys} showsClient={showsClient} onRevoke={onRevoke} />
  ) : (
    <ApiKeyTable keys={keys} showsClient={showsClient} onRevoke={onRevoke} />
  );
}

/** The texts of one key's facts, shared by the table and the cards. */
function useKeyTexts() {
  const { t } = useTranslation();
  const language: Locale = useCurrentLanguage();
  return (key: ApiKeySummary) => ({
    types: describeTypes(key, language) ?? t('apiKeys.allTypes'),
    created: key.createdBy
      ? t('apiKeys.createdBy', { date: formatMoment(key.createdAt, language), name: key.createdBy })
      : formatMoment(key.createdAt, language),
    lastUsed: key.lastUsedAt ? formatMoment(key.lastUsedAt, language) : t('apiKeys.never'),
    revoked: key.revokedAt
      ? key.revokedBy
        ? t('apiKeys.revokedBy', { date: formatMoment(key.revokedAt, language), name: key.revokedBy })
        : t('apiKeys.revokedOn', { date: formatMoment(key.revokedAt, language) })
      : null,
  });
}

function KeyStatus({ revoked }: { revoked: string | null }) {
  const { t } = useTranslation();
  if (revoked === null) {
    return (
      <Badge color="teal.9" variant="filled">
        {t('apiKeys.active')}
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="gray.7" variant="filled">
        {t('apiKeys.revoked')}
      </Badge>
      <Text size="xs">{revoked}</Text>
    </Stack>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: (key: ApiKeySummary) => void }) {
  const { t } = useTranslation();
  if (apiKey.revokedAt) return null;
  return (
    <DangerButton
      variant="subtle"
      size="compact-sm"
      leftSection={<IconKeyOff size={16} aria-hidden />}
      aria-label={t('apiKeys.revokeLabel', { name: apiKey.name })}
      onClick={() => onRevoke(apiKey)}
    >
      {t('apiKeys.revoke')}
    </DangerButton>
  );
}

type ListPartProps = Omit<ApiKeyListProps, 'isMobile'>;

function ApiKeyTable({ keys, showsClient, onRevoke }: ListPartProps) {
  const { t } = useTranslation();
  const textsOf = useKeyTexts();
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table striped verticalSpacing="sm" data-testid="api-key-table">
        <HiddenCaption>{t('apiKeys.tableCaption')}</HiddenCaption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiKeys.columns.name')}</Table.Th>
            {showsClient && <Table.Th>{t('apiKeys.columns.client')}</Table.Th>}
            <Table.Th>{t('apiKeys.columns.prefix')}</Table.Th>
            <Table.Th>{t('apiKeys.columns.types')}</Table.Th>
            <Table.Th>{t('apiKeys.columns.created')}</Table.Th>
            <Table.Th>{t('apiKeys.columns.lastUsed')}</Table.Th>
            <Table.Th>{t('apiKeys.columns.status')}</Table.Th>
            <Table.Th>{t('apiKeys.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const texts = textsOf(key);
            return (
              <Table.Tr key={key.id} data-testid="api-key-row">
                <Table.Td fw={600}>{key.name}</Table.Td>
                {showsClient && <Table.Td>{key.clientCode}</Table.Td>}
                <Table.Td ff="monospace">{maskedKey(key.prefix)}</Table.Td>
                <Table.Td>{texts.types}</Table.Td>
                <Table.Td>{texts.created}</Table.Td>
                <Table.Td>{texts.lastUsed}</Table.Td>
                <Table.Td>
                  <KeyStatus revoked={texts.revoked} />
                </Table.Td>
                <Table.Td>
                  <RevokeButton apiKey={key} onRevoke={onRevoke} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ApiKeyCards({ keys, showsClient, onRevoke }: ListPartProps) {
  const { t } = useTranslation();
  const textsOf = useKeyTexts();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('apiKeys.tableCaption')}>
      {keys.map((key) => {
        const texts = textsOf(key);
        const facts: [string, string][] = [
          ...(showsClient ? [[t('apiKeys.columns.client'), key.clientCode] as [string, string]] : []),
          [t('apiKeys.columns.prefix'), maskedKey(key.prefix)],
          [t('apiKeys.columns.types'), texts.types],
          [t('apiKeys.columns.created'), texts.created],
          [t('apiKeys.columns.lastUsed'), texts.lastUsed],
        ];
        return (
          <Card key={key.id} component="li" withBorder padding="md" data-testid="api-key-card">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {key.name}
                </Text>
                <KeyStatus revoked={texts.revoked} />
              </Group>
              <FactList facts={facts} labelWidth={130} />
              <Group justify="flex-end">
                <RevokeButton apiKey={key} onRevoke={onRevoke} />
              </Group>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

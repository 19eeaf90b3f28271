import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { LegalHold } from '@portal/contract';
import { ClientSelect } from '../../components/client-select';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { mayActForClient } from '../../lib/compliance';
import { useStoredUser } from '../../lib/stored-user';
import { useIsMobile } from '../../lib/use-is-mobile';
import { LegalHoldList } from './legal-hold-list';
import { legalHoldOptionsQuery, legalHoldsQuery, useLegalHoldChanges } from './legal-hold-queries';
import { PlaceLegalHoldDialog } from './place-legal-hold-dialog';
import { ReleaseLegalHoldDialog } from './release-legal-hold-dialog';

const ALL_CLIENTS = 'all';

/**
 * Legal holds: what a client must keep whatever its retention says. A client's administrators
 * and staff hold their own client's documents, super users any client's; customer service may not.
 */
export function LegalHoldsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const user = useStoredUser();
  const mayHold = user !== null && mayActForClient(user);
  const canChooseClient = user?.role === 'SUPER_USER';
  const [clientFilter, setClientFilter] = useState(ALL_CLIENTS);
  const clientId = clientFilter === ALL_CLIENTS ? undefined : Number(clientFilter);
  const options = useQuery({ ...legalHoldOptionsQuery(), enabled: mayHold });
  const holds = useQuery({ ...legalHoldsQuery(clientId), enabled: mayHold });
  const changes = useLegalHoldChanges();
  const [isPlacing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<LegalHold | null>(null);
  const [releasing, setReleasing] = useState<{ hold: LegalHold; subject: string } | null>(null);
  const clients = options.data ?? [];

  if (!mayHold) return <ErrorAlert>{t('legalHolds.notYours')}</ErrorAlert>;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1}>{t('legalHolds.title')}</Title>
          {holds.isFetching && !holds.isPending && <LoadingIndicator size="xs" />}
        </Group>
        <Text c="dimmed" maw={720}>
          {t('legalHolds.intro')}
        </Text>
      </Stack>
      <Group justify="space-between" align="flex-end" gap="md">
        {canChooseClient && clients.length > 1 ? (
          <ClientSelect
            label={t('legalHolds.clientFilter')}
            clients={clients}
            all={{ value: ALL_CLIENTS, label: t('legalHolds.allClients') }}
            value={clientFilter}
            onChange={(value) => setClientFilter(value ?? ALL_CLIENTS)}
          />
        ) : (
          <span />
        )}
        <Button
          leftSection={<IconLock size={18} aria-hidden />}
          onClick={() => setPlacing(true)}
          disabled={!options.data}
          fullWidth={isMobile}
        >
          {t('legalHolds.place')}
        </Button>
      </Group>
      {placed && (
        <Text role="status" data-testid="legal-hold-placed">
          {t('legalHolds.placedNotice')}
        </Text>
      )}
      {options.error && <ErrorAlert>{describeError(options.error)}</ErrorAlert>}
      {holds.error && <ErrorAlert>{describeError(holds.error)}</ErrorAlert>}
      {holds.isPending && !holds.error && <LoadingIndicator label={t('legalHolds.loading')} />}
      {holds.data && (
        <LegalHoldList
          holds={holds.data}
          clients={clients}
          showsClient={canChooseClient && clientId === undefined}
          onRelease={(hold, subject) => {
            changes.release.reset();
            setPlaced(null);
            setReleasing({ hold, subject });
          }}
        />
      )}
      <PlaceLegalHoldDialog
        opened={isPlacing}
        clients={clients}
        canChooseClient={canChooseClient}
        ownClientCode={user.client}
        place={changes.place}
        onClose={() => setPlacing(false)}
        onPlaced={(hold) => {
          setPlacing(false);
          setPlaced(hold);
        }}
      />
      <ReleaseLegalHoldDialog
        hold={releasing?.hold ?? null}
        subject={releasing?.subject ?? ''}
        release={changes.release}
        onClose={() => setReleasing(null)}
      />
    </Stack>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrustedDevice } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { useDeviceText } from '../../components/session-card';
import { describeError } from '../../i18n/error-message';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { formatDate } from '../../lib/format';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { trustedDevicesQuery, useRemoveTrustedDevice } from './own-sessions-queries';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The devices the person trusts to sign in with the password alone, each removable. */
export function TrustedDevicesSection({ banner }: { banner: TimedMessageControl }) {
  const { t } = useTranslation();
  const devices = useQuery(trustedDevicesQuery());
  const remove = useRemoveTrustedDevice();
  const deviceText = useDeviceText();

  const removeDevice = (device: TrustedDevice) =>
    remove.mutate(device.id, {
      onSuccess: () => banner.show({ kind: 'success', text: t('settings.trustedDevices.removed', { device: deviceText(device) }) }),
      onError: (error) => banner.show({ kind: 'error', text: describeError(error) }),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="settings-trusted-title">
      <Title order={3} size="h5" id="settings-trusted-title">
        {t('settings.trustedDevices.title')}
      </Title>
      {devices.isError && <ErrorAlert>{describeError(devices.error)}</ErrorAlert>}
      {devices.data &&
        (devices.data.data.length === 0 ? (
          <Text size="sm">{t('settings.trustedDevices.none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" className="portal-plain-list" data-testid="trusted-devices">
            {devices.data.data.map((device) => (
              <TrustedDeviceItem key={device.id} device={device} busy={remove.isPending} onRemove={() => removeDevice(device)} />
            ))}
          </Stack>
        ))}
    </Stack>
  );
}

function TrustedDeviceItem({ device, busy, onRemove }: { device: TrustedDevice; busy: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const name = useDeviceText()(device);
  return (
    <Paper component="li" withBorder p="sm" data-testid="trusted-device">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{name}</Text>
          <Text size="sm">
            {device.network ? t('settings.sessions.network', { network: device.network }) : t('settings.sessions.unknownNetwork')}
          </Text>
          <Text size="sm">
            {t('settings.trustedDevices.dates', {
              trusted: formatDate(device.trustedAt, language, WHEN),
              used: formatDate(device.lastUsedAt, language, WHEN),
              until: formatDate(device.expiresAt, language, { dateStyle: 'medium' }),
            })}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          disabled={busy}
          onClick={onRemove}
          aria-label={t('settings.trustedDevices.removeLabel', { device: name })}
        >
          {t('settings.trustedDevices.remove')}
        </Button>
      </Group>
    </Paper>
  );
}

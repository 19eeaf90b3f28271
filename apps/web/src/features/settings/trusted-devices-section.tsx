import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TrustedDevice } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { DeviceCard, useOriginText } from '../../components/session-card';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { trustedDevicesQuery, useRemoveTrustedDevice } from './own-sessions-queries';

/** The devices the person trusts to sign in with the password alone, each removable. */
export function TrustedDevicesSection({ banner }: { banner: TimedMessageControl }) {
  const { t } = useTranslation();
  const devices = useQuery(trustedDevicesQuery());
  const remove = useRemoveTrustedDevice();
  const text = useOriginText();

  const removeDevice = (device: TrustedDevice) =>
    remove.mutate(device.id, {
      onSuccess: () => banner.show({ kind: 'success', text: t('settings.trustedDevices.removed', { device: text.device(device) }) }),
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
  const text = useOriginText();
  return (
    <DeviceCard
      origin={device}
      testId="trusted-device"
      dates={t('settings.trustedDevices.dates', {
        trusted: text.moment(device.trustedAt),
        used: text.moment(device.lastUsedAt),
        until: text.day(device.expiresAt),
      })}
      action={{
        text: t('settings.trustedDevices.remove'),
        label: t('settings.trustedDevices.removeLabel', { device: text.device(device) }),
        busy,
        onClick: onRemove,
      }}
    />
  );
}

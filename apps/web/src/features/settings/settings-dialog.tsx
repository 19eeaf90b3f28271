import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Modal, Stack, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SETTINGS_DIALOG_MAX_WIDTH } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { LoadingIndicator } from '../../components/loading-indicator';
import { TimedBanner } from '../../components/timed-banner';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useStoredUser } from '../../lib/stored-user';
import { useTimedMessage } from '../../lib/use-timed-message';
import { consentStateQuery } from '../../lib/consent-query';
import { DeliveryTab } from './delivery-tab';
import { DigestTab } from './digest-tab';
import { PasswordTab } from './password-tab';
import { SessionsTab } from './sessions-tab';
import { userInfoQuery } from './settings-queries';
import { usePasswordRequirement } from './use-password-requirement';

// The profile's phone field carries the world's numbering plans: fetched when the dialog first shows it.
const ProfileTab = lazy(async () => ({ default: (await import('./profile-tab')).ProfileTab }));

const SETTINGS_TABS = ['profile', 'password', 'digest', 'delivery', 'sessions'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

const isSettingsTab = (value: string | null): value is SettingsTab => (SETTINGS_TABS as readonly (string | null)[]).includes(value);

interface SettingsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec section 2, "Settings dialog": profile and password tabs, for USERs a notifications tab
 * (the e-mailed digest of new documents), and the person's devices: where they are signed in
 * and the recent sign-ins to their account. It also runs the startup checks after login: when
 * the password must be set or has expired, it opens by itself on the Password tab and cannot be
 * closed until a new password is saved.
 */
export function SettingsDialog({ opened, onClose }: SettingsDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const password = usePasswordRequirement();
  // Spec order: the account status first, then the profile.
  const userInfo = useQuery({ ...userInfoQuery(), enabled: password.isKnown });
  const isPasswordRequired = password.requirement !== null;
  const [tab, setTab] = useState<SettingsTab>('profile');
  const banner = useTimedMessage();
  // Only USERs choose a digest of their new documents (the server refuses other roles).
  const hasDigest = useStoredUser()?.role === 'USER';
  // Electronic delivery only where the person's client asks consent to it.
  const consent = useQuery({ ...consentStateQuery(), enabled: hasDigest && opened });
  const hasDelivery = consent.data !== undefined && consent.data.state !== 'notRequired';

  useEffect(() => {
    if (isPasswordRequired) setTab('password');
  }, [isPasswordRequired]);

  const close = () => {
    // Escape reaches here even when the dialog may not close (Mantine's stack re-enables it).
    if (isPasswordRequired) return;
    banner.clear();
    setTab('profile');
    onClose();
  };

  const onPasswordSaved = (text: string) => {
    setTab('profile');
    if (!isPasswordRequired) {
      banner.show({ kind: 'success', text });
      return;
    }
    // The requirement is met: the dialog closes, so the confirmation goes to a notification.
    password.markMet();
    banner.clear();
    onClose();
    notifications.show({ color: 'green', message: text });
  };

  return (
    <Modal.Stack>
      <Dialog
        stackId="settings"
        opened={opened || isPasswordRequired}
        onClose={close}
        title={t('settings.title')}
        size={SETTINGS_DIALOG_MAX_WIDTH}
        fullScreen={isMobile}
        withCloseButton={!isPasswordRequired}
        closeOnEscape={!isPasswordRequired}
        closeOnClickOutside={!isPasswordRequired}
        data-testid="settings-dialog"
      >
        <Stack gap="md">
          {password.requirement && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="password-required-banner">
              {t(password.requirement === 'mustSet' ? 'settings.mustSetPassword' : 'settings.passwordExpired')}
            </Alert>
          )}
          <TimedBanner message={banner.message} onClose={banner.clear} testId="settings-banner" />
          <Tabs value={tab} onChange={(next) => setTab(isSettingsTab(next) ? next : 'profile')}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="profile">{t('settings.tabs.profile')}</Tabs.Tab>
              <Tabs.Tab value="password">{t('settings.tabs.password')}</Tabs.Tab>
              {hasDigest && <Tabs.Tab value="digest">{t('settings.tabs.digest')}</Tabs.Tab>}
              {hasDelivery && <Tabs.Tab value="delivery">{t('settings.tabs.delivery')}</Tabs.Tab>}
              <Tabs.Tab value="sessions">{t('settings.tabs.sessions')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <Suspense fallback={<LoadingIndicator />}>
                <ProfileTab
                  userInfo={userInfo}
                  banner={banner}
                  onSaved={() => {
                    // The spec's order of things: with a password still owed, go straight to it.
                    if (isPasswordRequired) setTab('password');
                  }}
                />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="password">
              <PasswordTab banner={banner} onSaved={onPasswordSaved} />
            </Tabs.Panel>
            {hasDigest && (
              <Tabs.Panel value="digest">
                <DigestTab banner={banner} />
              </Tabs.Panel>
            )}
            {hasDelivery && <Tabs.Panel value="delivery">{tab === 'delivery' && <DeliveryTab />}</Tabs.Panel>}
            <Tabs.Panel value="sessions">
              {/* Read when the tab is opened, not with the dialog. */}
              {tab === 'sessions' && <SessionsTab banner={banner} />}
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Dialog>
    </Modal.Stack>
  );
}

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OwnSession } from '@portal/contract';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { formatDate } from '../lib/format';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "Firefox 133 on Windows 10", in the person's words and language. */
export function useDeviceText() {
  const { t } = useTranslation();
  return ({ browser, system }: Pick<OwnSession, 'browser' | 'system'>) => {
    const named = browser ?? t('settings.sessions.unknownBrowser');
    return system ? t('settings.sessions.device', { browser: named, system }) : named;
  };
}

/**
 * One session where someone is signed in: browser and system, network, when it began and was
 * last used, and "this device" for the asking browser's own. With `onSignOut`, another session
 * has a button to end it.
 */
export function SessionCard({ session, busy = false, onSignOut }: { session: OwnSession; busy?: boolean; onSignOut?: () => void }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const device = useDeviceText()(session);
  return (
    <Paper component="li" withBorder p="sm" data-testid="own-session">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{device}</Text>
            {session.mobile && <Text size="sm">({t('settings.sessions.mobile')})</Text>}
            {session.current && (
              <Badge color="teal.9" variant="filled">
                {t('settings.sessions.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {session.network ? t('settings.sessions.network', { network: session.network }) : t('settings.sessions.unknownNetwork')}
          </Text>
          <Text size="sm">
            {t('settings.sessions.signedInAt', { date: formatDate(session.signedInAt, language, WHEN) })} ·{' '}
            {t('settings.sessions.lastActive', { date: formatDate(session.lastActiveAt, language, WHEN) })}
          </Text>
        </Stack>
        {onSignOut && !session.current && (
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={onSignOut}
            aria-label={t('settings.sessions.signOutLabel', { device })}
          >
            {t('settings.sessions.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

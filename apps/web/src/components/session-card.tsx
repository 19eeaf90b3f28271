import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { OwnSession } from '@portal/contract';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { useTranslation } from '../i18n/use-translation';
import { formatDate } from '../lib/format';

type Origin = Pick<OwnSession, 'browser' | 'system' | 'network'>;

/** How sessions, trusted devices and sign-ins are named: "Firefox 133 on Windows 10", "Network 203.0.113.0/24", a moment. */
export function useOriginText() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return {
    device: ({ browser, system }: Origin) => {
      const named = browser ?? t('settings.sessions.unknownBrowser');
      return system ? t('settings.sessions.device', { browser: named, system }) : named;
    },
    network: ({ network }: Origin) => (network ? t('settings.sessions.network', { network }) : t('settings.sessions.unknownNetwork')),
    moment: (at: string) => formatDate(at, language, { dateStyle: 'medium', timeStyle: 'short' }),
    day: (at: string) => formatDate(at, language, { dateStyle: 'medium' }),
  };
}

interface DeviceCardProps {
  origin: Origin & { mobile: boolean };
  testId: string;
  /** What sets this one apart ("this device"). */
  badge?: string;
  /** When it began, was last used…: one line. */
  dates: string;
  /** The one thing to do with it (sign it out, stop trusting it). */
  action?: { text: string; label: string; busy: boolean; onClick: () => void };
}

/** A browser where someone is signed in or that they trust: its name, network, dates, and what may be done with it. */
export function DeviceCard({ origin, testId, badge, dates, action }: DeviceCardProps) {
  const { t } = useTranslation();
  const text = useOriginText();
  return (
    <Paper component="li" withBorder p="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{text.device(origin)}</Text>
            {origin.mobile && <Text size="sm">({t('settings.sessions.mobile')})</Text>}
            {badge && (
              <Badge color="teal.9" variant="filled">
                {badge}
              </Badge>
            )}
          </Group>
          <Text size="sm">{text.network(origin)}</Text>
          <Text size="sm">{dates}</Text>
        </Stack>
        {action && (
          <Button size="xs" variant="default" disabled={action.busy} onClick={action.onClick} aria-label={action.label}>
            {action.text}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * One session where someone is signed in, "this device" for the asking browser's own. With
 * `onSignOut`, another session has a button to end it.
 */
export function SessionCard({ session, busy = false, onSignOut }: { session: OwnSession; busy?: boolean; onSignOut?: () => void }) {
  const { t } = useTranslation();
  const text = useOriginText();
  const device = text.device(session);
  return (
    <DeviceCard
      origin={session}
      testId="own-session"
      badge={session.current ? t('settings.sessions.thisDevice') : undefined}
      dates={`${t('settings.sessions.signedInAt', { date: text.moment(session.signedInAt) })} · ${t('settings.sessions.lastActive', { date: text.moment(session.lastActiveAt) })}`}
      action={
        onSignOut && !session.current
          ? { text: t('settings.sessions.signOut'), label: t('settings.sessions.signOutLabel', { device }), busy, onClick: onSignOut }
          : undefined
      }
    />
  );
}

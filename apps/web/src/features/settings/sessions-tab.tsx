import { useState } from 'react';
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SIGN_IN_HISTORY_DAYS, type OwnSession, type CustomerViewByStaff, type SignInHistoryEntry } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DangerButton } from '../../components/danger-button';
import { SessionCard, useOriginText } from '../../components/session-card';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { ownSessionsQuery, signInHistoryQuery, useEndSessions } from './own-sessions-queries';
import { PasskeysSection } from './passkeys-section';
import { TrustedDevicesSection } from './trusted-devices-section';

/** Where the person is signed in, with a way to sign any other place out, and the recent attempts on the account. */
export function SessionsTab({ banner }: { banner: TimedMessageControl }) {
  const { t } = useTranslation();
  const sessions = useQuery(ownSessionsQuery());
  const history = useQuery(signInHistoryQuery());
  const end = useEndSessions();
  const text = useOriginText();
  const [isAskingToEndOthers, setAskingToEndOthers] = useState(false);

  const endSessions = (session: OwnSession | null) =>
    end.mutate(session?.id ?? null, {
      onSettled: () => setAskingToEndOthers(false),
      onSuccess: (answer) =>
        banner.show({
          kind: 'success',
          text: session
            ? t('settings.sessions.signedOutOne', { device: text.device(session) })
            : t('settings.sessions.signedOutOthers', { count: answer.data.ended }),
        }),
      onError: (error) => banner.show({ kind: 'error', text: describeError(error) }),
    });

  if (sessions.isError || history.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert>{describeError(sessions.error ?? history.error)}</ErrorAlert>
        <Button variant="light" onClick={() => void Promise.all([sessions.refetch(), history.refetch()])}>
          {t('settings.retry')}
        </Button>
      </Stack>
    );
  }
  if (!sessions.data || !history.data) {
    return (
      <Center py="lg">
        <LoadingIndicator label={t('settings.sessions.loading')} />
      </Center>
    );
  }
  const others = sessions.data.data.filter((session) => !session.current);

  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="settings-sessions-title">
        <Title order={3} size="h5" id="settings-sessions-title">
          {t('settings.sessions.signedInTitle')}
        </Title>
        <Stack gap="xs" component="ul" className="portal-plain-list" data-testid="own-sessions">
          {sessions.data.data.map((session) => (
            <SessionCard key={session.id} session={session} busy={end.isPending} onSignOut={() => endSessions(session)} />
          ))}
        </Stack>
        {others.length > 0 ? (
          <Group>
            <DangerButton variant="light" onClick={() => setAskingToEndOthers(true)}>
              {t('settings.sessions.signOutOthers')}
            </DangerButton>
          </Group>
        ) : (
          <Text size="sm">{t('settings.sessions.noOthers')}</Text>
        )}
      </Stack>
      <ConfirmDialog
        stackId="end-other-sessions"
        opened={isAskingToEndOthers}
        title={t('settings.sessions.signOutOthersTitle')}
        text={t('settings.sessions.signOutOthersQuestion', { count: others.length })}
        confirmLabel={t('settings.sessions.signOutOthers')}
        isPending={end.isPending && end.variables === null}
        onConfirm={() => endSessions(null)}
        onCancel={() => setAskingToEndOthers(false)}
        testId="end-other-sessions-dialog"
      />
      <PasskeysSection banner={banner} />
      <TrustedDevicesSection banner={banner} />
      <Stack gap="sm" component="section" aria-labelledby="settings-history-title">
        <Title order={3} size="h5" id="settings-history-title">
          {t('settings.sessions.historyTitle', { days: SIGN_IN_HISTORY_DAYS })}
        </Title>
        {history.data.data.length === 0 ? (
          <Text size="sm">{t('settings.sessions.noHistory')}</Text>
        ) : (
          <Stack gap="xs" component="ul" className="portal-plain-list" data-testid="sign-in-history">
            {history.data.data.map((entry, index) => (
              <HistoryItem key={`${entry.at}-${index}`} entry={entry} />
            ))}
          </Stack>
        )}
      </Stack>
      {history.data.customerViews && history.data.customerViews.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="settings-customer-views-title">
          <Title order={3} size="h5" id="settings-customer-views-title">
            {t('settings.sessions.customerViewsTitle')}
          </Title>
          <Stack gap="xs" component="ul" className="portal-plain-list" data-testid="customer-views">
            {history.data.customerViews.map((view) => (
              <CustomerViewItem key={view.startedAt} view={view} />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

/** A time customer service looked at the person's portal: who, when, and the reason as they typed it. */
function CustomerViewItem({ view }: { view: CustomerViewByStaff }) {
  const { t } = useTranslation();
  const text = useOriginText();
  return (
    <Paper component="li" withBorder p="xs" data-testid="customer-view-entry">
      <Text size="sm" fw={600}>
        {t('settings.sessions.customerViewBy', { name: `${view.staff.firstname} ${view.staff.lastname}`.trim() })}
      </Text>
      <Text size="sm">
        {t('settings.sessions.customerViewWhen', { start: text.moment(view.startedAt), end: text.moment(view.endedAt) })}
      </Text>
      <Text size="sm">{t('settings.sessions.customerViewReason', { reason: view.reason })}</Text>
    </Paper>
  );
}

function HistoryItem({ entry }: { entry: SignInHistoryEntry }) {
  const { t } = useTranslation();
  const text = useOriginText();
  const how = [t(`settings.sessions.results.${entry.result}`), entry.secondStep && t(`settings.sessions.secondStep.${entry.secondStep}`)]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper component="li" withBorder p="xs" data-testid="sign-in-attempt">
      <Text size="sm" fw={600} c={entry.succeeded ? undefined : 'red.9'}>
        {text.moment(entry.at)} — {how}
      </Text>
      <Text size="sm">
        {text.device(entry)} · {text.network(entry)}
      </Text>
    </Paper>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { userManagementEndpoints, type Locale, type ManagedUser } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { LocaleChoiceField } from '../../components/locale-choice-field';
import { describeError } from '../../i18n/error-message';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { fetchFile, saveFile } from '../../lib/file-transfer';
import { useIsMobile } from '../../lib/use-is-mobile';
import { fullNameOf } from './display-names';
import { languageNamesOf } from './language-dialog';

type ExportState = { status: 'idle' } | { status: 'running' } | { status: 'done' } | { status: 'failed'; message: string };

/**
 * An evidence pack of one user: every opening of a document recorded of the user, with the
 * hashes that chain them, a summary in the language chosen and how a third party checks it.
 */
export function UserEvidenceDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const name = user ? fullNameOf(user) : '';
  return (
    <Dialog opened={user !== null} onClose={onClose} title={t('userManagement.evidence.title', { name })} fullScreen={isMobile}>
      {/* Mounted per opening: each user starts from the current language and no earlier outcome. */}
      {user && <EvidenceExport user={user} name={name} />}
    </Dialog>
  );
}

function EvidenceExport({ user, name }: { user: ManagedUser; name: string }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Locale>(useCurrentLanguage());
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Closing the dialog mid-way ends the request as well.
  useEffect(() => () => running.current?.abort(), []);

  const download = async () => {
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'running' });
    try {
      const file = await fetchFile(userManagementEndpoints.exportUserEvidence, {
        params: { id: user.Id },
        query: { lang: language },
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      saveFile(file, `evidence-${user.Id}.zip`);
      setState({ status: 'done' });
    } catch (error) {
      if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
    }
  };

  return (
    <Stack gap="md">
      <Text>{t('userManagement.evidence.intro', { name })}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('userManagement.evidence.events')}</List.Item>
        <List.Item>{t('userManagement.evidence.summary')}</List.Item>
        <List.Item>{t('userManagement.evidence.verification')}</List.Item>
      </List>
      <LocaleChoiceField
        label={t('userManagement.evidence.language')}
        value={language}
        onChange={setLanguage}
        namesOf={languageNamesOf(t)}
        testId="evidence-language"
      />
      {state.status === 'done' && (
        <Text role="status" data-testid="evidence-saved">
          {t('userManagement.evidence.saved')}
        </Text>
      )}
      {state.status === 'failed' && <ErrorAlert>{state.message}</ErrorAlert>}
      <Group justify="flex-end">
        <Button onClick={() => void download()} loading={state.status === 'running'} data-autofocus>
          {t('userManagement.evidence.download')}
        </Button>
      </Group>
    </Stack>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import type { Locale } from '@portal/contract';
import { describeError } from '../i18n/error-message';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { useTranslation } from '../i18n/use-translation';
import { saveFile, type ReceivedFile } from '../lib/file-transfer';
import { ErrorAlert } from './error-alert';
import { LocaleChoiceField } from './locale-choice-field';

type ExportState = { status: 'idle' } | { status: 'running' } | { status: 'done' } | { status: 'failed'; message: string };

interface EvidenceExportProps {
  /** What the pack is of, in a sentence. */
  intro: string;
  /** Asks the server for the pack, its summary in the language given. */
  fetchPack: (language: Locale, signal: AbortSignal) => Promise<ReceivedFile>;
  fallbackFileName: string;
}

/**
 * An evidence pack to download (staff texts): what it holds, the summary's language, and the
 * download. Mount it per subject, so that each starts from the current language and no outcome.
 */
export function EvidenceExport({ intro, fetchPack, fallbackFileName }: EvidenceExportProps) {
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
      const file = await fetchPack(language, controller.signal);
      if (controller.signal.aborted) return;
      saveFile(file, fallbackFileName);
      setState({ status: 'done' });
    } catch (error) {
      if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
    }
  };

  return (
    <Stack gap="md">
      <Text>{intro}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('evidence.events')}</List.Item>
        <List.Item>{t('evidence.summary')}</List.Item>
        <List.Item>{t('evidence.verification')}</List.Item>
      </List>
      <LocaleChoiceField
        label={t('evidence.language')}
        value={language}
        onChange={setLanguage}
        namesOf={(code) => ({ short: t(`userManagement.language.short.${code}`), full: t(`userManagement.language.name.${code}`) })}
        testId="evidence-language"
      />
      {state.status === 'done' && (
        <Text role="status" data-testid="evidence-saved">
          {t('evidence.saved')}
        </Text>
      )}
      {state.status === 'failed' && <ErrorAlert>{state.message}</ErrorAlert>}
      <Group justify="flex-end">
        <Button onClick={() => void download()} loading={state.status === 'running'} data-autofocus>
          {t('evidence.download')}
        </Button>
      </Group>
    </Stack>
  );
}

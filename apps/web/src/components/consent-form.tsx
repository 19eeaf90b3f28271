import { useId, useState } from 'react';
import { Button, Checkbox, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliveryConsentEndpoints, type CONSENT_WAYS, type Disclosure } from '@portal/contract';
import { describeError } from '../i18n/error-message';
import { pickBilingual } from '../i18n/pick-bilingual';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { useTranslation } from '../i18n/use-translation';
import { callApi } from '../lib/api-client';
import { CONSENT_QUERY_KEY } from '../lib/consent-query';
import { fetchFile } from '../lib/file-transfer';
import { ErrorAlert } from './error-alert';
import { PdfPreviewDialog, type PreviewRequest } from './pdf-preview-dialog';

interface ConsentFormProps {
  disclosure: Disclosure;
  how: (typeof CONSENT_WAYS)[number];
  onConsented: () => void;
  /** Inside a stack of dialogs (Settings), the sample's preview joins it under this id. */
  previewStackId?: string;
}

/**
 * Consent to electronic delivery as the disclosure in force states it: what the person needs,
 * how to withdraw, how to ask for paper, the types it covers; then the proof that the person can
 * open the portal's PDFs (the code printed in its own sample document) and its agreement.
 */
export function ConsentForm({ disclosure, how, onConsented, previewStackId }: ConsentFormProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const queryClient = useQueryClient();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewRequest | null>(null);
  const give = useMutation({
    mutationFn: () => callApi(deliveryConsentEndpoints.giveConsent, { body: { version: disclosure.version, code, how } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(CONSENT_QUERY_KEY, answer);
      onConsented();
    },
    onError: (error) => setProblem(describeError(error)),
  });
  const text = (en: string, fr: string) => pickBilingual(language, { en, fr });

  const submit = () => {
    if (code.trim() === '') return setProblem(t('consent.codeRequired'));
    if (!agreed) return setProblem(t('consent.agreeRequired'));
    setProblem(null);
    give.mutate();
  };

  return (
    <Stack gap="md">
      <Text>{t('consent.intro', { version: String(disclosure.version) })}</Text>
      <div>
        <Title order={3} size="h5">
          {t('consent.covers')}
        </Title>
        <List size="sm">
          {disclosure.types.map((type) => (
            <List.Item key={type.code}>{text(type.titleEn, type.titleFr)}</List.Item>
          ))}
        </List>
      </div>
      {(
        [
          ['consent.requirements', disclosure.requirementsEn, disclosure.requirementsFr],
          ['consent.withdrawal', disclosure.withdrawalEn, disclosure.withdrawalFr],
          ['consent.paper', disclosure.paperEn, disclosure.paperFr],
        ] as const
      ).map(([heading, en, fr]) => (
        <div key={heading}>
          <Title order={3} size="h5">
            {t(heading)}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {text(en, fr)}
          </Text>
        </div>
      ))}
      <Stack gap="xs">
        <Text size="sm">{t('consent.sampleExplained')}</Text>
        <Group>
          <Button
            variant="default"
            leftSection={<IconFileText size={18} aria-hidden />}
            onClick={() =>
              setPreview({
                title: t('consent.sampleTitle'),
                fallbackFileName: 'sample.pdf',
                load: () => fetchFile(deliveryConsentEndpoints.consentSample, { query: { lang: language } }),
              })
            }
          >
            {t('consent.openSample')}
          </Button>
        </Group>
        <TextInput
          id={codeId}
          label={t('consent.code')}
          description={t('consent.codeDescription')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="off"
          maxLength={20}
          required
          w={240}
        />
      </Stack>
      <Checkbox checked={agreed} onChange={(event) => setAgreed(event.currentTarget.checked)} label={t('consent.agree')} />
      {problem && <ErrorAlert>{problem}</ErrorAlert>}
      <Group justify="flex-end">
        <Button onClick={submit} loading={give.isPending}>
          {t('consent.submit')}
        </Button>
      </Group>
      <PdfPreviewDialog request={preview} onClose={() => setPreview(null)} onReturnHome={() => setPreview(null)} stackId={previewStackId} />
    </Stack>
  );
}

import { useState } from 'react';
import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { documentsEndpoints } from '@portal/contract';
import { useNavigate } from '../../app/routing';
import { LoadingIndicator } from '../../components/loading-indicator';
import { PdfPreviewDialog, type PreviewRequest } from '../../components/pdf-preview-dialog';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { fetchFile, saveFile } from '../../lib/file-transfer';
import { useIsMobile } from '../../lib/use-is-mobile';
import { repositoryQuery } from './faq-queries';

const PREVIEW = 0;
const DOWNLOAD = 1;

function fetchDocument(documentId: number, actionNum: typeof PREVIEW | typeof DOWNLOAD) {
  return fetchFile(documentsEndpoints.repositoryDocument, { query: { documentId, actionNum } });
}

/**
 * The client's reference documents: download always, preview on wider screens only (spec). The
 * page's search is of the questions: the documents stay listed whatever it finds.
 */
export function RepositoryPanel() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<PreviewRequest | null>(null);
  const { data, isPending, isError } = useQuery(repositoryQuery());

  const documents = (data?.documents ?? []).map((item) => ({
    id: item.Id,
    name: pickBilingual(language, { en: item.DocumentNameEN, fr: item.DocumentNameFR }),
  }));

  const download = async (id: number, name: string) => {
    try {
      saveFile(await fetchDocument(id, DOWNLOAD), `${name}.pdf`);
    } catch (error) {
      notifications.show({ color: 'red', title: t('documents.downloadFailed'), message: describeError(error) });
    }
  };

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="repository-heading">
      <Stack gap="sm">
        <Title order={2} id="repository-heading" size="h3">
          {t('faq.repository')}
        </Title>
        {isPending && <LoadingIndicator />}
        {!isPending && (isError || documents.length === 0) && <Text role="status">{t('faq.noDocument')}</Text>}
        {documents.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="repository-list">
            {documents.map((item) => (
              <Group component="li" key={item.id} justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <IconFileTypePdf size={20} aria-hidden />
                  <Text>{item.name}</Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {!isMobile && (
                    <Tooltip label={t('faq.preview')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={t('faq.previewOne', { name: item.name })}
                        onClick={() =>
                          setPreview({
                            title: item.name,
                            fallbackFileName: `${item.name}.pdf`,
                            load: () => fetchDocument(item.id, PREVIEW),
                          })
                        }
                      >
                        <IconEye size={20} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label={t('faq.download')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('faq.downloadOne', { name: item.name })}
                      onClick={() => void download(item.id, item.name)}
                    >
                      <IconDownload size={20} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <PdfPreviewDialog
        request={preview}
        onClose={() => setPreview(null)}
        onReturnHome={() => {
          setPreview(null);
          void navigate('/');
        }}
      />
    </Paper>
  );
}

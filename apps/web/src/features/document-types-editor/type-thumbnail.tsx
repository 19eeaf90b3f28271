import { Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleDocumentTypesEndpoints, type ConsoleDocumentType } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { CONSOLE_QUERY_ROOT } from '../../lib/console-clients-query';
import { dashboardReportsKey } from '../../lib/dashboard-query-keys';
import { ACCEPTED_IMAGE_FILES, sendFile } from '../../lib/file-upload';

/** The side, in pixels, of the box the current image is shown in: about as on the dashboard tile. */
const PREVIEW_BOX = 48;

/**
 * The image of a type's dashboard tile: shown as it is served, replaced by picking a file, or
 * removed to bring back the portal's icon. Each change is saved at once, on its own.
 */
export function TypeThumbnail({ type }: { type: ConsoleDocumentType }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const queryClient = useQueryClient();
  const title = pickBilingual(language, { en: type.titleEn, fr: type.titleFr });
  const params = { clientId: type.clientId, typeId: type.id };
  const change = useMutation({
    mutationFn: (file: File | null) =>
      file
        ? sendFile(consoleDocumentTypesEndpoints.replaceConsoleDocumentTypeThumbnail, params, file)
        : callApi(consoleDocumentTypesEndpoints.removeConsoleDocumentTypeThumbnail, { params }),
    onSuccess: async (_answer, file) => {
      notifications.show({
        color: 'green',
        message: file ? t('console.types.thumbnail.saved', { code: type.code }) : t('console.types.thumbnail.removed', { code: type.code }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT }),
        queryClient.invalidateQueries({ queryKey: dashboardReportsKey() }),
      ]);
    },
  });
  const image = type.thumbnail;
  return (
    <Stack gap="xs" component="section" aria-labelledby="type-thumbnail-title" data-testid="type-thumbnail">
      <Title order={3} size="h4" id="type-thumbnail-title">
        {t('console.types.thumbnail.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('console.types.thumbnail.help')}
      </Text>
      {change.isError && <ErrorAlert>{describeError(change.error)}</ErrorAlert>}
      <Group gap="md" align="center">
        {image ? (
          <Image
            src={image.url}
            alt={t('console.types.thumbnail.current', { title })}
            w={PREVIEW_BOX}
            h={PREVIEW_BOX}
            fit="contain"
            style={{ flexShrink: 0 }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('console.types.thumbnail.none')}
          </Text>
        )}
        <Group gap="xs">
          <FileButton accept={ACCEPTED_IMAGE_FILES} onChange={(file) => file && change.mutate(file)}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={change.isPending && change.variables !== null}>
                {image ? t('console.types.thumbnail.replace') : t('console.types.thumbnail.add')}
              </Button>
            )}
          </FileButton>
          {image && (
            <DangerButton
              size="xs"
              variant="subtle"
              loading={change.isPending && change.variables === null}
              onClick={() => change.mutate(null)}
            >
              {t('console.types.thumbnail.remove')}
            </DangerButton>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

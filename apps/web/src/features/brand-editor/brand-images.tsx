import { Box, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleTenantsEndpoints, isDarkColor, type BrandAssetKind, type BrandColors, type ConsoleBrand } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { CONSOLE_QUERY_ROOT } from '../../lib/console-clients-query';
import { ACCEPTED_IMAGE_FILES, sendFile } from '../../lib/file-upload';
import { publicQueryKeys } from '../../lib/public-query-keys';

type ImageChange = { kind: BrandAssetKind; file: File | null };

/**
 * The surface an image is drawn on in the portal, so that it is judged there: the dark logo on
 * the top bar's colour when that is dark (a neutral dark otherwise, since it serves dark surfaces
 * only), the footer's logo on the footer. White on white would show nothing.
 */
function surfaceOf(kind: BrandAssetKind, colors: BrandColors): string | undefined {
  if (kind === 'logo-dark') return isDarkColor(colors.header) ? colors.header : 'var(--mantine-color-dark-7)';
  if (kind === 'footer-logo') return colors.footer;
  return undefined;
}

/**
 * The experience's images: each shown as it is served, replaced by picking a file, and the
 * optional English variants removable. Each change is saved at once, on its own.
 */
export function BrandImages({ brand }: { brand: ConsoleBrand }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ kind, file }: ImageChange) =>
      file
        ? sendFile(consoleTenantsEndpoints.replaceConsoleBrandImage, { experienceId: brand.id, kind }, file)
        : callApi(consoleTenantsEndpoints.removeConsoleBrandImage, { params: { experienceId: brand.id, kind } }),
    onSuccess: async (_answer, { kind, file }) => {
      const image = t(`console.brands.images.${kind}`);
      notifications.show({
        color: 'green',
        message: file ? t('console.brands.imageSaved', { image }) : t('console.brands.imageRemoved', { image }),
      });
      await queryClient.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT });
      await queryClient.invalidateQueries({ queryKey: publicQueryKeys.branding(undefined).slice(0, 1) });
    },
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="brand-images-title">
      <Title order={2} size="h3" id="brand-images-title">
        {t('console.brands.imagesTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('console.brands.imagesHelp')}
      </Text>
      {change.isError && <ErrorAlert>{describeError(change.error)}</ErrorAlert>}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {brand.images.map((image) => {
          const label = t(`console.brands.images.${image.kind}`);
          return (
            <Paper key={image.kind} withBorder p="sm" data-image={image.kind}>
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {label}
                </Text>
                {image.url ? (
                  <Box bg={surfaceOf(image.kind, brand.colors)} p={4} w="fit-content" data-testid="brand-image-surface">
                    <Image src={image.url} alt={t('console.brands.currentImage', { image: label })} h={56} w="auto" fit="contain" />
                  </Box>
                ) : (
                  <Text size="sm" c="dimmed" h={56}>
                    {t('console.brands.noImage')}
                  </Text>
                )}
                <Group gap="xs">
                  <FileButton accept={ACCEPTED_IMAGE_FILES} onChange={(file) => file && change.mutate({ kind: image.kind, file })}>
                    {(props) => (
                      <Button {...props} size="xs" variant="light" loading={change.isPending && change.variables?.kind === image.kind}>
                        {image.url ? t('console.brands.replaceImage', { image: label }) : t('console.brands.addImage', { image: label })}
                      </Button>
                    )}
                  </FileButton>
                  {!image.required && image.url && (
                    <DangerButton size="xs" variant="subtle" onClick={() => change.mutate({ kind: image.kind, file: null })}>
                      {t('console.brands.removeImage', { image: label })}
                    </DangerButton>
                  )}
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

import { useEffect } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

/**
 * A page whose files did not arrive (the network dropped, or a new release replaced them): the
 * visitor is told, and may reload. The error itself is for the console, not for the screen.
 */
export function PageLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => console.error('The page could not be loaded', error), [error]);
  return (
    <Stack p="md" maw={560} mx="auto">
      <Alert color="red" role="alert" title={t('app.pageNotLoaded')}>
        <Button mt="sm" variant="light" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      </Alert>
    </Stack>
  );
}

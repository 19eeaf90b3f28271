import { Stack, Text, Title } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Stands in for a signed-in screen of later work, so its route and guards already exist. */
export function PlaceholderPage({ titleKey }: { titleKey: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{t(titleKey)}</Title>
      <Text>{t('placeholder.notReady')}</Text>
    </Stack>
  );
}

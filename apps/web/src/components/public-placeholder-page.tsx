import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPageLayout } from './public-page-layout';

/** Stands in for a signed-out screen of later work, so its route and guards already exist. */
export function PublicPlaceholderPage({ titleKey }: { titleKey: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <PublicPageLayout>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t(titleKey)}
        </Title>
        <Text>{t('placeholder.notReady')}</Text>
        <Anchor component={Link} to="/login">
          {t('placeholder.backToLogin')}
        </Anchor>
      </Stack>
    </PublicPageLayout>
  );
}

import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useStoredUser } from '../../lib/stored-user';

/** The dashboard (spec section 2, "Dashboard"); its document-type tiles come with later work. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const user = useStoredUser();
  return (
    <Stack gap="xs">
      <Title order={1}>{t('dashboard.welcome', { firstname: user?.firstname ?? '' })}</Title>
      <Text c="dimmed">{t('dashboard.today', { date: formatDate(new Date(), i18n.language, { dateStyle: 'full' }) })}</Text>
    </Stack>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '../../app/routing';
import { useTranslation } from '../../i18n/use-translation';

/**
 * A person still signed in who opens the registration wizard: creating an account signs them out,
 * so they are told and choose, rather than finding themselves signed out.
 */
export function SignedInNotice({ name, onContinue }: { name: string; onContinue: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md" data-testid="registration-signed-in">
      <Text>{t('registration.signedIn', { name })}</Text>
      <Group gap="sm">
        <Button onClick={onContinue}>{t('registration.signOutAndRegister')}</Button>
        <Button variant="default" onClick={() => navigate('/')}>
          {t('registration.staySignedIn')}
        </Button>
      </Group>
    </Stack>
  );
}

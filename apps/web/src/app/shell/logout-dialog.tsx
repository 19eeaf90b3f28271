import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';

interface LogoutDialogProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The log-out confirmation: Yes ends the session, No (or Escape, or the close button) just closes. */
export function LogoutDialog({ opened, onClose, onConfirm }: LogoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onClose} title={t('shell.logoutTitle')} centered>
      <Stack gap="md">
        <Text>{t('shell.logoutQuestion')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('shell.no')}
          </Button>
          <Button
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {t('shell.yes')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

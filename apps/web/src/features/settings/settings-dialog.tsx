import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SETTINGS_DIALOG_MAX_WIDTH } from '@portal/contract';
import { useIsMobile } from '../../lib/use-is-mobile';

interface SettingsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The settings dialog's frame (spec: max width 500px, full screen on mobile); its tabs come with later work. */
export function SettingsDialog({ opened, onClose }: SettingsDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('settings.title')}
      size={SETTINGS_DIALOG_MAX_WIDTH}
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="settings-dialog"
    >
      <Stack gap="lg">
        <Text>{t('settings.notReady')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

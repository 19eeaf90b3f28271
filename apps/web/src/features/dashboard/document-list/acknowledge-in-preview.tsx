import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/use-translation';
import { useAcknowledgeDocument } from './use-acknowledgement';

/** Under a previewed document that awaits it: the confirmation that the person read it, then that it was recorded. */
export function AcknowledgeInPreview({ reportCode, documentKey }: { reportCode: string; documentKey: string }) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeDocument(reportCode);
  if (acknowledge.isSuccess) {
    return (
      <Group gap="xs" role="status" data-testid="acknowledged-in-preview">
        <IconCircleCheck size={20} aria-hidden color="var(--mantine-color-teal-9)" />
        <Text size="sm">{t('documents.acknowledgement.confirmed')}</Text>
      </Group>
    );
  }
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm">{t('documents.acknowledgement.asked')}</Text>
      <Button loading={acknowledge.isPending} onClick={() => acknowledge.mutate(documentKey)}>
        {t('documents.acknowledgement.confirm')}
      </Button>
    </Group>
  );
}

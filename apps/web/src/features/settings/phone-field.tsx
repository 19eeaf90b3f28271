import { Button, Group, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatPhoneForDisplay } from '@portal/contract';
import { ReadOnlyValue } from './read-only-value';

interface PhoneFieldProps {
  /** E.164, or '' when there is none (or it is about to be removed). */
  phoneNumber: string;
  isRemovalPending: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

/** The phone number, read-only: adding or changing it goes through a code; removing it waits for Save. */
export function PhoneField({ phoneNumber, isRemovalPending, onEdit, onRemove }: PhoneFieldProps) {
  const { t } = useTranslation();
  const hasPhone = phoneNumber !== '';
  return (
    <div>
      <ReadOnlyValue
        label={t('settings.profile.phone')}
        value={hasPhone ? formatPhoneForDisplay(phoneNumber) : ''}
        placeholder={t('settings.profile.noPhone')}
        testId="phone-number"
      />
      {isRemovalPending && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('settings.profile.phoneRemovalPending')}
        </Text>
      )}
      <Group gap="xs" mt="xs" data-phone-actions>
        {hasPhone ? (
          <>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={t('settings.profile.editPhoneLabel')}
            >
              {t('settings.profile.editPhone')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              // Mantine's red on its light red background is below AA contrast.
              c="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onRemove}
              aria-label={t('settings.profile.removePhoneLabel')}
            >
              {t('settings.profile.removePhone')}
            </Button>
          </>
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onEdit}
            aria-label={t('settings.profile.addPhoneLabel')}
          >
            {t('settings.profile.addPhone')}
          </Button>
        )}
      </Group>
    </div>
  );
}

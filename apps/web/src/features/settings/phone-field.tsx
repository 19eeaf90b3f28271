import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, type TablerIcon } from '@tabler/icons-react';
import { formatPhoneForDisplay } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { useTranslation } from '../../i18n/use-translation';
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
            <PhoneAction icon={IconPencil} label={t('settings.profile.editPhoneLabel')} onClick={onEdit}>
              {t('settings.profile.editPhone')}
            </PhoneAction>
            <PhoneAction icon={IconTrash} label={t('settings.profile.removePhoneLabel')} onClick={onRemove} isRemoval>
              {t('settings.profile.removePhone')}
            </PhoneAction>
          </>
        ) : (
          <PhoneAction icon={IconPlus} label={t('settings.profile.addPhoneLabel')} onClick={onEdit}>
            {t('settings.profile.addPhone')}
          </PhoneAction>
        )}
      </Group>
    </div>
  );
}

interface PhoneActionProps {
  icon: TablerIcon;
  /** The accessible name, which says what the visible verb acts on. */
  label: string;
  onClick: () => void;
  isRemoval?: boolean;
  children: ReactNode;
}

function PhoneAction({ icon: LeadingIcon, label, onClick, isRemoval = false, children }: PhoneActionProps) {
  const ActionButton = isRemoval ? DangerButton : Button;
  return (
    <ActionButton size="xs" variant="light" leftSection={<LeadingIcon size={14} aria-hidden />} onClick={onClick} aria-label={label}>
      {children}
    </ActionButton>
  );
}

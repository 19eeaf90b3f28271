import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';
import { OnboardingForm } from './onboarding-form';

const DIALOG_WIDTH = 615;

/**
 * The dashboard's add-subscription button and the onboarding dialog it opens (spec section 2).
 * Each opening starts afresh: the dialog resets on close.
 */
export function AddSubscription({ onSubscribed }: { onSubscribed: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [isOpen, setOpen] = useState(false);
  // A new key per opening, so nothing typed in an earlier one survives.
  const [opening, setOpening] = useState(0);

  const open = () => {
    setOpening((count) => count + 1);
    setOpen(true);
  };
  const close = () => setOpen(false);

  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open} data-testid="add-subscription">
        {t('onboarding.add')}
      </Button>
      <Modal.Stack>
        <Dialog
          stackId="onboarding"
          opened={isOpen}
          onClose={close}
          title={t('onboarding.title')}
          size={DIALOG_WIDTH}
          fullScreen={isMobile}
          data-testid="onboarding-dialog"
        >
          <OnboardingForm
            key={opening}
            duplicateStackId="onboarding-duplicate"
            onCancel={close}
            onSubscribed={() => {
              close();
              onSubscribed();
              notifications.show({ color: 'green', message: t('onboarding.done') });
            }}
          />
        </Dialog>
      </Modal.Stack>
    </>
  );
}

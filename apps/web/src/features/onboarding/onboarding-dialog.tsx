import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';
import { OnboardingForm } from './onboarding-form';

const DIALOG_WIDTH = 615;

interface OnboardingDialogProps {
  opened: boolean;
  /** A new value per opening, so nothing typed in an earlier one survives. */
  opening: number;
  onClose: () => void;
  onSubscribed: () => void;
}

/** The onboarding dialog (spec section 2): choose a document type and prove who you are for it. */
export function OnboardingDialog({ opened, opening, onClose, onSubscribed }: OnboardingDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal.Stack>
      <Dialog
        stackId="onboarding"
        opened={opened}
        onClose={onClose}
        title={t('onboarding.title')}
        size={DIALOG_WIDTH}
        fullScreen={isMobile}
        data-testid="onboarding-dialog"
      >
        <OnboardingForm
          key={opening}
          duplicateStackId="onboarding-duplicate"
          onCancel={onClose}
          onSubscribed={() => {
            onClose();
            onSubscribed();
            notifications.show({ color: 'green', message: t('onboarding.done') });
          }}
        />
      </Dialog>
    </Modal.Stack>
  );
}

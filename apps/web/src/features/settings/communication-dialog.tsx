import { COMMUNICATION_DIALOG_WIDTH, type UserInfo } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';
import { CommunicationSteps } from './communication-steps';
import type { CommunicationKind } from './contact-value';

interface CommunicationDialogProps {
  /** Which contact is being changed; null when the dialog is closed. */
  kind: CommunicationKind | null;
  email: string;
  phoneNumber: string;
  onClose: () => void;
  /** The dialog is gone from the screen: the moment to put focus back. */
  onClosed: () => void;
  onChanged: (userInfo: UserInfo, kind: CommunicationKind) => void;
}

/**
 * Spec section 2, "Communication dialog": a new e-mail address or phone number, proven by a
 * code sent to it. It stacks over the settings dialog; closing it forgets its steps.
 */
export function CommunicationDialog({ kind, email, phoneNumber, onClose, onClosed, onChanged }: CommunicationDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const title =
    kind === 'email'
      ? t('settings.communication.emailTitle')
      : phoneNumber
        ? t('settings.communication.phoneEditTitle')
        : t('settings.communication.phoneAddTitle');
  return (
    <Dialog
      stackId="communication"
      opened={kind !== null}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      title={title}
      size={COMMUNICATION_DIALOG_WIDTH}
      fullScreen={isMobile}
      data-testid="communication-dialog"
    >
      {kind && (
        <CommunicationSteps
          kind={kind}
          currentValue={kind === 'email' ? email : phoneNumber}
          onCancel={onClose}
          onChanged={(userInfo) => onChanged(userInfo, kind)}
        />
      )}
    </Dialog>
  );
}

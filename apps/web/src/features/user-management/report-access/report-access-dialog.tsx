import { useQuery } from '@tanstack/react-query';
import type { ManagedUser } from '@portal/contract';
import { Dialog } from '../../../components/dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { describeError } from '../../../i18n/error-message';
import { useTranslation } from '../../../i18n/use-translation';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { fullNameOf } from '../display-names';
import { userDetailQuery } from '../user-management-queries';
import { ReportAccessForm } from './report-access-form';

interface ReportAccessDialogProps {
  /** The USER whose access is edited; null when the dialog is closed. */
  user: ManagedUser | null;
  onClose: () => void;
  /** The server's confirmation, for the success dialog. */
  onSaved: (msg: string) => void;
}

/** Report access of one USER (spec section 2): an accordion per document type with its criteria groups. */
export function ReportAccessDialog({ user, onClose, onSaved }: ReportAccessDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Dialog
      opened={user !== null}
      onClose={onClose}
      title={user ? t('userManagement.reportAccess.title', { name: fullNameOf(user) }) : ''}
      size="lg"
      fullScreen={isMobile}
      closeOnClickOutside={false}
      data-testid="report-access-dialog"
    >
      {user && <ReportAccessContent userId={user.Id} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function ReportAccessContent({ userId, onClose, onSaved }: { userId: number; onClose: () => void; onSaved: (msg: string) => void }) {
  const { data, error } = useQuery(userDetailQuery(userId));
  if (error) return <ErrorAlert>{describeError(error)}</ErrorAlert>;
  if (!data) return <LoadingIndicator />;
  return <ReportAccessForm userId={userId} reports={data.Users[0]!.Reports} onCancel={onClose} onSaved={onSaved} />;
}

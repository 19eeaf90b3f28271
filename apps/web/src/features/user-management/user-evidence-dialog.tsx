import { userManagementEndpoints, type ManagedUser } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { EvidenceExport } from '../../components/evidence-export';
import { useTranslation } from '../../i18n/use-translation';
import { fetchFile } from '../../lib/file-transfer';
import { useIsMobile } from '../../lib/use-is-mobile';
import { fullNameOf } from './display-names';

/**
 * An evidence pack of one user: every opening of a document recorded of the user, with the
 * hashes that chain them, a summary in the language chosen and how a third party checks it.
 */
export function UserEvidenceDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const name = user ? fullNameOf(user) : '';
  return (
    <Dialog opened={user !== null} onClose={onClose} title={t('userManagement.evidence.title', { name })} fullScreen={isMobile}>
      {/* Mounted per opening: each user starts from the current language and no earlier outcome. */}
      {user && (
        <EvidenceExport
          intro={t('userManagement.evidence.intro', { name })}
          fetchPack={(lang, signal) =>
            fetchFile(userManagementEndpoints.exportUserEvidence, { params: { id: user.Id }, query: { lang }, signal })
          }
          fallbackFileName={`evidence-${user.Id}.zip`}
        />
      )}
    </Dialog>
  );
}

import { useId, type ReactNode } from 'react';
import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCertificate, IconDevices, IconEye, IconFileText, IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ManagedUser } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { useStoredUser } from '../../lib/stored-user';
import { fullNameOf } from './display-names';
import { mayActForClient } from '../../lib/compliance';

export interface RowActionHandlers {
  onReportAccess: (user: ManagedUser) => void;
  onEdit: (user: ManagedUser) => void;
  onResetPassword: (user: ManagedUser) => void;
  onSessions: (user: ManagedUser) => void;
  onEvidence: (user: ManagedUser) => void;
  onCustomerView: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
}

interface UserRowActionsProps extends RowActionHandlers {
  user: ManagedUser;
  /** Another row is being edited: one row at a time. */
  isLocked: boolean;
}

/**
 * Report access (role USER only, spec section 6), edit, password reset, sessions, a view as the
 * customer (role USER only), evidence of access and deletion of one user.
 */
export function UserRowActions({
  user,
  isLocked,
  onReportAccess,
  onEdit,
  onResetPassword,
  onSessions,
  onEvidence,
  onCustomerView,
  onDelete,
}: UserRowActionsProps) {
  const { t } = useTranslation();
  const name = fullNameOf(user);
  // The server refuses to delete the person asking: said before, not after a confirmation.
  const signedIn = useStoredUser();
  const isSelf = signedIn?.userid === user.Id;
  // The server refuses customer service the evidence of access (see docs/evidence.md): not offered.
  const mayExportEvidence = signedIn !== null && mayActForClient(signedIn);
  return (
    // Positioned: a refusal's hidden reason (absolutely placed) then stays inside the table's sideways
    // scroll instead of widening the whole page, which on a phone would zoom it out.
    <Group gap={2} wrap="nowrap" pos="relative">
      <RowAction
        tip={t('userManagement.actions.reportAccess')}
        label={t('userManagement.actions.reportAccessOf', { name })}
        isDisabled={isLocked || user.Role_Code !== 'USER'}
        onClick={() => onReportAccess(user)}
      >
        <IconFileText size={20} aria-hidden />
      </RowAction>
      <RowAction
        tip={t('userManagement.actions.edit')}
        label={t('userManagement.actions.editOf', { name })}
        isDisabled={isLocked}
        onClick={() => onEdit(user)}
        data-edit-user={user.Id}
      >
        <IconPencil size={20} aria-hidden />
      </RowAction>
      <RowAction
        tip={t('userManagement.actions.resetPassword')}
        label={t('userManagement.actions.resetPasswordOf', { name })}
        isDisabled={isLocked}
        onClick={() => onResetPassword(user)}
      >
        <IconKey size={20} aria-hidden />
      </RowAction>
      <RowAction
        tip={t('userManagement.actions.sessions')}
        label={t('userManagement.actions.sessionsOf', { name })}
        isDisabled={isLocked}
        onClick={() => onSessions(user)}
      >
        <IconDevices size={20} aria-hidden />
      </RowAction>
      {user.Role_Code === 'USER' && (
        <RowAction
          tip={t('userManagement.actions.customerView')}
          label={t('userManagement.actions.customerViewOf', { name })}
          isDisabled={isLocked}
          onClick={() => onCustomerView(user)}
        >
          <IconEye size={20} aria-hidden />
        </RowAction>
      )}
      {mayExportEvidence && (
        <RowAction
          tip={t('userManagement.actions.evidence')}
          label={t('userManagement.actions.evidenceOf', { name })}
          isDisabled={isLocked}
          onClick={() => onEvidence(user)}
        >
          <IconCertificate size={20} aria-hidden />
        </RowAction>
      )}
      <RowAction
        tip={t('userManagement.actions.delete')}
        label={t('userManagement.actions.deleteOf', { name })}
        isDisabled={isLocked}
        refusal={isSelf ? t('errors.cannotDeleteSelf') : undefined}
        color="red"
        onClick={() => onDelete(user)}
      >
        <IconTrash size={20} aria-hidden />
      </RowAction>
    </Group>
  );
}

interface RowActionProps {
  tip: string;
  'data-edit-user'?: number;
  label: string;
  isDisabled: boolean;
  /**
   * Why this action is refused for this row. The button then does nothing but stays in the tab
   * order with the reason as its tip and description, where a disabled one would say nothing.
   */
  refusal?: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}

function RowAction({ tip, label, isDisabled, refusal, color, onClick, children, ...data }: RowActionProps) {
  const reasonId = useId();
  const isRefused = refusal !== undefined && !isDisabled;
  return (
    <>
      <Tooltip label={isRefused ? refusal : tip} withArrow disabled={isDisabled}>
        <ActionIcon
          variant="subtle"
          size="lg"
          color={color}
          aria-label={label}
          disabled={isDisabled}
          data-disabled={isRefused || undefined}
          aria-disabled={isRefused || undefined}
          aria-describedby={isRefused ? reasonId : undefined}
          onClick={isRefused ? undefined : onClick}
          {...data}
        >
          {children}
        </ActionIcon>
      </Tooltip>
      {isRefused && <VisuallyHidden id={reasonId}>{refusal}</VisuallyHidden>}
    </>
  );
}

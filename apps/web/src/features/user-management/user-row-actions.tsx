import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconDevices, IconFileText, IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ManagedUser } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { fullNameOf } from './display-names';

export interface RowActionHandlers {
  onReportAccess: (user: ManagedUser) => void;
  onEdit: (user: ManagedUser) => void;
  onResetPassword: (user: ManagedUser) => void;
  onSessions: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
}

interface UserRowActionsProps extends RowActionHandlers {
  user: ManagedUser;
  /** Another row is being edited: one row at a time. */
  isLocked: boolean;
}

/** Report access (role USER only, spec section 6), edit, password reset, sessions and deletion of one user. */
export function UserRowActions({ user, isLocked, onReportAccess, onEdit, onResetPassword, onSessions, onDelete }: UserRowActionsProps) {
  const { t } = useTranslation();
  const name = fullNameOf(user);
  return (
    <Group gap={2} wrap="nowrap">
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
      <RowAction
        tip={t('userManagement.actions.delete')}
        label={t('userManagement.actions.deleteOf', { name })}
        isDisabled={isLocked}
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
  color?: string;
  onClick: () => void;
  children: ReactNode;
}

function RowAction({ tip, label, isDisabled, color, onClick, children, ...data }: RowActionProps) {
  return (
    <Tooltip label={tip} withArrow disabled={isDisabled}>
      <ActionIcon variant="subtle" size="lg" color={color} aria-label={label} disabled={isDisabled} onClick={onClick} {...data}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

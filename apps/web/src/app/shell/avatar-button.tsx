import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Avatar, UnstyledButton } from '@mantine/core';
import type { LoggedInUser } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { initialsOf } from './nav-items';
import classes from './app-shell.module.css';

interface AvatarButtonProps extends ComponentPropsWithoutRef<'button'> {
  user: LoggedInUser;
}

/** The signed-in person's initials, the button that opens the account menu. */
export const AvatarButton = forwardRef<HTMLButtonElement, AvatarButtonProps>(function AvatarButton({ user, ...props }, ref) {
  const { t } = useTranslation();
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  return (
    <UnstyledButton ref={ref} className={classes.avatarButton} aria-label={t('shell.accountMenu', { name: fullName })} {...props}>
      <Avatar color="brand" variant="filled" radius="xl" aria-hidden>
        {initialsOf(user)}
      </Avatar>
    </UnstyledButton>
  );
});

import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { IconLanguage, IconLogout, IconSettings } from '@tabler/icons-react';
import { useLanguageSwitch } from '../../i18n/use-language-switch';
import { useTranslation } from '../../i18n/use-translation';
import type { AccountActions } from './account-actions';
import { initialsOf } from './nav-items';
import classes from './app-shell.module.css';

/** The signed-in user's menu: language, settings and log out. */
export function AvatarMenu({ user, onOpenSettings, onLogout }: AccountActions) {
  const { t } = useTranslation();
  const language = useLanguageSwitch();
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.avatarButton} aria-label={t('shell.accountMenu', { name: fullName })}>
          <Avatar color="brand" variant="filled" radius="xl" aria-hidden>
            {initialsOf(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{fullName}</Menu.Label>
        <Menu.Item
          leftSection={<IconLanguage size={16} aria-hidden />}
          lang={language.targetLanguage}
          onClick={() => void language.switchLanguage()}
        >
          {language.label}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={onOpenSettings}>
          {t('shell.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

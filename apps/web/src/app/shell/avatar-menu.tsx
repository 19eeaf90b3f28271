import { Menu } from '@mantine/core';
import { IconLanguage, IconLogout, IconSettings } from '@tabler/icons-react';
import { useLanguageSwitch } from '../../i18n/use-language-switch';
import { useTranslation } from '../../i18n/use-translation';
import type { AccountActions } from './account-actions';
import { AvatarButton } from './avatar-button';

interface AvatarMenuProps extends AccountActions {
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/** The signed-in user's menu: language, settings and log out. */
export function AvatarMenu({ user, onOpenSettings, onLogout, opened, onChange }: AvatarMenuProps) {
  const { t } = useTranslation();
  const language = useLanguageSwitch();
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <AvatarButton user={user} />
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
        {onOpenSettings && (
          <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={onOpenSettings}>
            {t('shell.settings')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Divider, Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { IconLanguage, IconLogout, IconSettings } from '@tabler/icons-react';
import { useCloseButtonProps } from '../../components/dialog';
import { useLanguageSwitch } from '../../i18n/use-language-switch';
import { useTranslation } from '../../i18n/use-translation';
import { NavLink } from '../routing';
import type { AccountActions } from './account-actions';
import { visibleNavItems } from './nav-items';

interface MobileDrawerProps extends AccountActions {
  opened: boolean;
  onClose: () => void;
}

/** The mobile replacement of the top bar's buttons and avatar menu (no User Management, as the spec says). */
export function MobileDrawer({ user, opened, onClose, onOpenSettings, onLogout }: MobileDrawerProps) {
  const { t } = useTranslation();
  const language = useLanguageSwitch();
  const closeButtonProps = useCloseButtonProps();
  const thenClose = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xs" title={t('shell.drawerTitle')} closeButtonProps={closeButtonProps}>
      <Stack gap={4}>
        <nav aria-label={t('shell.mainNavigation')}>
          {visibleNavItems(user, 'drawer').map((item) => (
            <MantineNavLink key={item.to} component={NavLink} to={item.to} end label={t(item.labelKey)} onClick={onClose} />
          ))}
        </nav>
        <Divider my="xs" />
        <MantineNavLink
          component="button"
          label={language.label}
          lang={language.targetLanguage}
          leftSection={<IconLanguage size={18} aria-hidden />}
          onClick={thenClose(() => void language.switchLanguage())}
        />
        {onOpenSettings && (
          <MantineNavLink
            component="button"
            label={t('shell.settings')}
            leftSection={<IconSettings size={18} aria-hidden />}
            onClick={thenClose(onOpenSettings)}
          />
        )}
        <MantineNavLink
          component="button"
          label={t('shell.logout')}
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={thenClose(onLogout)}
        />
      </Stack>
    </Drawer>
  );
}

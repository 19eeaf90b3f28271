import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { afterMenuCloses } from '../../lib/after-menu-closes';
import { useStoredUser } from '../../lib/stored-user';
import { SettingsDialog } from '../../features/settings/settings-dialog';
import type { AccountActions } from './account-actions';
import { AppFooter } from './app-footer';
import { MobileDrawer } from './mobile-drawer';
import { TopBar } from './top-bar';
import { useConfirmLogout } from './use-confirm-logout';
import classes from './app-shell.module.css';

const MAIN_ID = 'main-content';

/**
 * Every signed-in page, with the dialogs and alerts only signed-in pages open: kept out of the
 * login page's files (the dialog kit alone weighs a third of what a phone downloads to sign in).
 */
export function AppShell() {
  return (
    <ModalsProvider>
      <Notifications position="top-right" />
      <ShellFrame />
    </ModalsProvider>
  );
}

/** The frame of every signed-in page: top bar (or drawer on mobile), the page, the footer. */
function ShellFrame() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const [isSettingsOpen, settings] = useDisclosure(false);
  const confirmLogout = useConfirmLogout();
  // The route guard renders this only for a signed-in user.
  if (!user) return null;
  const account: AccountActions = { user, onOpenSettings: () => afterMenuCloses(settings.open), onLogout: confirmLogout };

  return (
    <div className={classes.layout}>
      {/* A plain #fragment would be read as a route by the hash router, so focus is moved by hand. */}
      <a
        href={`#${MAIN_ID}`}
        className="portal-skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
      <TopBar {...account} isDrawerOpen={isDrawerOpen} onOpenDrawer={drawer.open} />
      <MobileDrawer {...account} opened={isDrawerOpen} onClose={drawer.close} />
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <AppFooter />
      <SettingsDialog opened={isSettingsOpen} onClose={settings.close} />
    </div>
  );
}

import { useEffect } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../../i18n/use-translation';
import { afterMenuCloses } from '../../lib/after-menu-closes';
import { useOnDemand } from '../../lib/use-on-demand';
import { useStoredUser } from '../../lib/stored-user';
import { loadSettingsDialog, useStartupChecks } from '../../features/settings/startup-checks';
import { Outlet } from '../routing';
import type { AccountActions } from './account-actions';
import { AppFooter } from './app-footer';
import { DeferredNotifications } from './deferred-notifications';
import { TopBar } from './top-bar';
import { CustomerViewBanner } from './customer-view-banner';
import { useCustomerView } from '../../lib/customer-view';
import { useSignOut } from './use-sign-out';
import classes from './app-shell.module.css';

const MAIN_ID = 'main-content';

// The shell's overlays are fetched when first opened: the page's first paint waits for none of them.
const loadMobileDrawer = async () => (await import('./mobile-drawer')).MobileDrawer;
const loadLogoutDialog = async () => (await import('./logout-dialog')).LogoutDialog;

/**
 * The frame of every signed-in page: top bar (or drawer on mobile), the page, the footer, and the
 * dialogs and alerts only signed-in pages open (kept out of the login page's files).
 */
export function AppShell() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const [isSettingsOpen, settings] = useDisclosure(false);
  const [isLogoutOpen, logout] = useDisclosure(false);
  const [MobileDrawer, requestDrawer] = useOnDemand(loadMobileDrawer);
  const [LogoutDialog, requestLogoutDialog] = useOnDemand(loadLogoutDialog);
  const [SettingsDialog, requestSettingsDialog] = useOnDemand(loadSettingsDialog);
  const { isPasswordRequired } = useStartupChecks();
  const signOut = useSignOut();
  const customerView = useCustomerView();

  useEffect(() => {
    // A password to set or renew: the dialog opens by itself (not for a customer seen in a view).
    if (isPasswordRequired && !customerView) requestSettingsDialog();
  }, [isPasswordRequired]); // eslint-disable-line react-hooks/exhaustive-deps -- the request is new each render, and asks once

  // The route guard renders this only for a signed-in user.
  if (!user) return null;
  const account: AccountActions = {
    user,
    ...(!customerView && { onOpenSettings: () => afterMenuCloses(() => requestSettingsDialog(settings.open)) }),
    onLogout: () => afterMenuCloses(() => requestLogoutDialog(logout.open)),
  };

  return (
    <div className={classes.layout}>
      <DeferredNotifications />
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
      {customerView && <CustomerViewBanner stored={customerView} />}
      <TopBar {...account} isDrawerOpen={isDrawerOpen} onOpenDrawer={() => requestDrawer(drawer.open)} />
      {MobileDrawer && <MobileDrawer {...account} opened={isDrawerOpen} onClose={drawer.close} />}
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <AppFooter />
      {SettingsDialog && <SettingsDialog opened={isSettingsOpen} onClose={settings.close} />}
      {LogoutDialog && <LogoutDialog opened={isLogoutOpen} onClose={logout.close} onConfirm={() => void signOut()} />}
    </div>
  );
}

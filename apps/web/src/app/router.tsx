import type { ComponentType } from 'react';
import { createHashRouter, redirect } from 'react-router';
import type { Menu } from '@portal/contract';
import { LoginPage } from '../features/auth/login-page';
import { loadTextPart } from '../i18n/language-bundles';
import { tellRoutePath } from '../theme/page-title';
import { RequireMenu, RequirePendingMfa, RequireSignedIn } from './guards';
import { requireMenu, requirePendingMfa, requireSignedIn, toHome } from './route-guards';

/**
 * A screen loaded when its route is first visited: a phone signing in downloads the login
 * form, not every screen of the portal. The router waits for the file before it renders.
 */
function page(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await load() });
}

/**
 * A screen reachable only through one of the person's menus, checked again while it is shown.
 * Every such menu leads to an administration screen, drawn once its texts are here as well.
 */
function menuPage(menu: Menu, load: () => Promise<ComponentType>) {
  return {
    loader: requireMenu(menu),
    lazy: page(async () => {
      const [Screen] = await Promise.all([load(), loadTextPart('staff')]);
      return function MenuScreen() {
        return (
          <RequireMenu menu={menu}>
            <Screen />
          </RequireMenu>
        );
      };
    }),
  };
}

/**
 * The spec's hash routes, with their guards: loaders decide before anything renders, the
 * components keep deciding while a page is shown (see route-guards.ts and guards.tsx). The
 * login form is part of the first file; every other screen is a file of its own.
 */
export const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/register', lazy: page(async () => (await import('../features/registration/registration-page')).RegistrationPage) },
  {
    path: '/forgotPassword',
    lazy: page(async () => (await import('../features/password-recovery/forgot-password-page')).ForgotPasswordPage),
  },
  {
    path: '/resetPassword',
    lazy: page(async () => (await import('../features/password-recovery/reset-password-page')).ResetPasswordPage),
  },
  {
    path: '/digest/unsubscribe',
    lazy: page(async () => (await import('../features/digest/digest-unsubscribe-page')).DigestUnsubscribePage),
  },
  {
    element: <RequirePendingMfa />,
    loader: requirePendingMfa,
    children: [{ path: '/mfaCodeValidation', lazy: page(async () => (await import('../features/mfa/mfa-page')).MfaPage) }],
  },
  {
    element: <RequireSignedIn />,
    loader: requireSignedIn,
    children: [
      {
        lazy: page(async () => (await import('./shell/app-shell')).AppShell),
        children: [
          { path: '/', lazy: page(async () => (await import('./home-route')).HomeRoute) },
          {
            path: '/userManagement',
            ...menuPage(
              'userManagement',
              async () => (await import('../features/user-management/user-management-page')).UserManagementPage,
            ),
          },
          {
            path: '/reports',
            ...menuPage('reports', async () => (await import('../features/usage-reports/usage-reports-page')).UsageReportsPage),
          },
          { path: '/api-keys', ...menuPage('apiKeys', async () => (await import('../features/api-keys/api-keys-page')).ApiKeysPage) },
          {
            path: '/console',
            ...menuPage('tenantConsole', async () => (await import('../features/tenant-console/console-layout')).ConsoleLayout),
            // Each section of the tenant console (see console-sections.ts).
            children: [
              { index: true, loader: () => redirect('/console/clients') },
              {
                path: 'clients',
                lazy: page(async () => (await import('../features/tenant-clients/tenant-clients-page')).TenantClientsPage),
              },
              { path: 'brands', lazy: page(async () => (await import('../features/brand-editor/brand-editor-page')).BrandEditorPage) },
              {
                path: 'types',
                lazy: page(async () => (await import('../features/document-types-editor/document-types-page')).DocumentTypesPage),
              },
              {
                path: 'help',
                lazy: page(async () => (await import('../features/help-content-editor/help-content-page')).HelpContentEditorPage),
              },
              { path: 'audit', lazy: page(async () => (await import('../features/audit-log/audit-log-page')).AuditLogPage) },
            ],
          },
          { path: '/faq', lazy: page(async () => (await import('../features/faq/faq-page')).FaqPage) },
        ],
      },
    ],
  },
  { path: '*', loader: toHome },
]);

/**
 * Resolves once the router has run the first address's guards and fetched its screen's files.
 * The first render waits for it: drawn before, React would show nothing yet, and a router update
 * arriving while that first render is still in slices (see main.tsx) would be missed.
 */
export function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The tab's title follows the screen (theme/page-title.ts).
router.subscribe((state) => tellRoutePath(state.location.pathname));

import type { ComponentType } from 'react';
import type { Menu } from '@portal/contract';
import { loadTextPart } from '../i18n/language-bundles';
import { tellRoutePath } from '../theme/page-title';
import { RequireMenu, RequirePendingMfa, RequireSignedIn } from './guards';
import { requireMenu, requirePendingMfa, requireSignedIn, toHome } from './route-guards';
import { createHashRouter, redirect, type Route } from './routing';

/**
 * A screen reachable only through one of the person's menus, checked again while it is shown.
 * Every such menu leads to an administration screen, drawn once its texts are here as well.
 */
function menuPage(menu: Menu, load: () => Promise<ComponentType>): Pick<Route, 'guard' | 'lazy'> {
  return {
    guard: requireMenu(menu),
    lazy: async () => {
      const [Screen] = await Promise.all([load(), loadTextPart('staff')]);
      return function MenuScreen() {
        return (
          <RequireMenu menu={menu}>
            <Screen />
          </RequireMenu>
        );
      };
    },
  };
}

/**
 * The spec's hash routes, with their guards: the router's decide before anything renders, the
 * components keep deciding while a page is shown (see route-guards.ts and guards.tsx). Every
 * screen is a file of its own, loaded when its route is first visited (a phone signing in
 * downloads the login form, not every screen of the portal); the server has the page fetch the
 * sign-in screen's files, or a signed-in person's first screens', with the first script. The
 * router keeps the previous page on screen until the new one's files are here.
 */
export const router = createHashRouter([
  { path: '/login', lazy: async () => (await import('../features/auth/login-page')).LoginPage },
  {
    path: '/signed-in-with-provider',
    lazy: async () => (await import('../features/auth/provider-return-page')).ProviderReturnPage,
  },
  { path: '/register', lazy: async () => (await import('../features/registration/registration-page')).RegistrationPage },
  {
    path: '/forgotPassword',
    lazy: async () => (await import('../features/password-recovery/forgot-password-page')).ForgotPasswordPage,
  },
  {
    path: '/resetPassword',
    lazy: async () => (await import('../features/password-recovery/reset-password-page')).ResetPasswordPage,
  },
  {
    path: '/digest/unsubscribe',
    lazy: async () => (await import('../features/digest/digest-unsubscribe-page')).DigestUnsubscribePage,
  },
  {
    Component: RequirePendingMfa,
    guard: requirePendingMfa,
    children: [{ path: '/mfaCodeValidation', lazy: async () => (await import('../features/mfa/mfa-page')).MfaPage }],
  },
  {
    Component: RequireSignedIn,
    guard: requireSignedIn,
    children: [
      {
        lazy: async () => (await import('./shell/app-shell')).AppShell,
        children: [
          { path: '/', lazy: async () => (await import('./home-route')).HomeRoute },
          {
            path: '/userManagement',
            ...menuPage(
              'userManagement',
              async () => (await import('../features/user-management/user-management-page')).UserManagementPage,
            ),
          },
          {
            path: '/legal-holds',
            ...menuPage('userManagement', async () => (await import('../features/legal-holds/legal-holds-page')).LegalHoldsPage),
          },
          {
            path: '/identity-providers',
            ...menuPage(
              'userManagement',
              async () => (await import('../features/identity-providers/identity-providers-page')).IdentityProvidersPage,
            ),
          },
          {
            path: '/reports',
            ...menuPage('reports', async () => (await import('../features/usage-reports/usage-reports-page')).UsageReportsPage),
          },
          { path: '/api-keys', ...menuPage('apiKeys', async () => (await import('../features/api-keys/api-keys-page')).ApiKeysPage) },
          { path: '/webhooks', ...menuPage('apiKeys', async () => (await import('../features/webhooks/webhooks-page')).WebhooksPage) },
          {
            path: '/console',
            ...menuPage('tenantConsole', async () => (await import('../features/tenant-console/console-layout')).ConsoleLayout),
            // Each section of the tenant console (see console-sections.ts).
            children: [
              { index: true, guard: () => redirect('/console/clients') },
              {
                path: 'clients',
                lazy: async () => (await import('../features/tenant-clients/tenant-clients-page')).TenantClientsPage,
              },
              { path: 'brands', lazy: async () => (await import('../features/brand-editor/brand-editor-page')).BrandEditorPage },
              {
                path: 'types',
                lazy: async () => (await import('../features/document-types-editor/document-types-page')).DocumentTypesPage,
              },
              {
                path: 'help',
                lazy: async () => (await import('../features/help-content-editor/help-content-page')).HelpContentEditorPage,
              },
              {
                path: 'disclosures',
                lazy: async () => (await import('../features/delivery-disclosures/disclosures-page')).DisclosuresPage,
              },
              { path: 'audit', lazy: async () => (await import('../features/audit-log/audit-log-page')).AuditLogPage },
            ],
          },
          { path: '/faq', lazy: async () => (await import('../features/faq/faq-page')).FaqPage },
        ],
      },
    ],
  },
  { path: '*', guard: toHome },
]);

// The tab's title follows the screen (theme/page-title.ts).
router.subscribe((state) => tellRoutePath(state.location.pathname));

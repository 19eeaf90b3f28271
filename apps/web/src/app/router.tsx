import { createHashRouter, redirect } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/dashboard/home-page';
import { DigestUnsubscribePage } from '../features/digest/digest-unsubscribe-page';
import { FaqPage } from '../features/faq/faq-page';
import { MfaPage } from '../features/mfa/mfa-page';
import { AddSubscription } from '../features/onboarding/add-subscription';
import { ForgotPasswordPage } from '../features/password-recovery/forgot-password-page';
import { ResetPasswordPage } from '../features/password-recovery/reset-password-page';
import { RegistrationPage } from '../features/registration/registration-page';
import { UsageReportsPage } from '../features/usage-reports/usage-reports-page';
import { ApiKeysPage } from '../features/api-keys/api-keys-page';
import { UserManagementPage } from '../features/user-management/user-management-page';
import { ConsoleLayout } from '../features/tenant-console/console-layout';
import { AuditLogPage } from '../features/audit-log/audit-log-page';
import { TenantClientsPage } from '../features/tenant-clients/tenant-clients-page';
import { BrandEditorPage } from '../features/brand-editor/brand-editor-page';
import { HelpContentEditorPage } from '../features/help-content-editor/help-content-page';
import { DocumentTypesPage } from '../features/document-types-editor/document-types-page';
import { RequireMenu, RequirePendingMfa, RequireSignedIn } from './guards';
import { requireMenu, requirePendingMfa, requireSignedIn, toHome } from './route-guards';
import { AppShell } from './shell/app-shell';

/**
 * The spec's hash routes, with their guards: loaders decide before anything renders, the
 * components keep deciding while a page is shown (see route-guards.ts and guards.tsx).
 */
export const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegistrationPage /> },
  { path: '/forgotPassword', element: <ForgotPasswordPage /> },
  { path: '/resetPassword', element: <ResetPasswordPage /> },
  { path: '/digest/unsubscribe', element: <DigestUnsubscribePage /> },
  {
    element: <RequirePendingMfa />,
    loader: requirePendingMfa,
    children: [{ path: '/mfaCodeValidation', element: <MfaPage /> }],
  },
  {
    element: <RequireSignedIn />,
    loader: requireSignedIn,
    children: [
      {
        element: <AppShell />,
        children: [
          {
            path: '/',
            element: <HomePage renderAddSubscription={(onSubscribed) => <AddSubscription onSubscribed={onSubscribed} />} />,
          },
          {
            path: '/userManagement',
            loader: requireMenu('userManagement'),
            element: (
              <RequireMenu menu="userManagement">
                <UserManagementPage />
              </RequireMenu>
            ),
          },
          {
            path: '/reports',
            loader: requireMenu('reports'),
            element: (
              <RequireMenu menu="reports">
                <UsageReportsPage />
              </RequireMenu>
            ),
          },
          {
            path: '/api-keys',
            loader: requireMenu('apiKeys'),
            element: (
              <RequireMenu menu="apiKeys">
                <ApiKeysPage />
              </RequireMenu>
            ),
          },
          {
            path: '/console',
            loader: requireMenu('tenantConsole'),
            element: (
              <RequireMenu menu="tenantConsole">
                <ConsoleLayout />
              </RequireMenu>
            ),
            // Each section of the tenant console (see console-sections.ts).
            children: [
              { index: true, loader: () => redirect('/console/clients') },
              { path: 'clients', element: <TenantClientsPage /> },
              { path: 'brands', element: <BrandEditorPage /> },
              { path: 'types', element: <DocumentTypesPage /> },
              { path: 'help', element: <HelpContentEditorPage /> },
              { path: 'audit', element: <AuditLogPage /> },
            ],
          },
          { path: '/faq', element: <FaqPage /> },
        ],
      },
    ],
  },
  { path: '*', loader: toHome },
]);

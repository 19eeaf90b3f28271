import { createHashRouter, Navigate } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/dashboard/home-page';
import { FaqPage } from '../features/faq/faq-page';
import { MfaPage } from '../features/mfa/mfa-page';
import { AddSubscription } from '../features/onboarding/add-subscription';
import { ForgotPasswordPage } from '../features/password-recovery/forgot-password-page';
import { ResetPasswordPage } from '../features/password-recovery/reset-password-page';
import { RegistrationPage } from '../features/registration/registration-page';
import { RequireMenu, RequirePendingMfa, RequireSignedIn } from './guards';
import { AppShell } from './shell/app-shell';

/** The spec's hash routes. Pages of later work are placeholders so that routes and guards exist. */
export const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegistrationPage /> },
  { path: '/forgotPassword', element: <ForgotPasswordPage /> },
  { path: '/resetPassword', element: <ResetPasswordPage /> },
  {
    element: <RequirePendingMfa />,
    children: [{ path: '/mfaCodeValidation', element: <MfaPage /> }],
  },
  {
    element: <RequireSignedIn />,
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
            element: (
              <RequireMenu menu="userManagement">
                <PlaceholderPage titleKey="userManagement.title" />
              </RequireMenu>
            ),
          },
          {
            path: '/reports',
            element: (
              <RequireMenu menu="reports">
                <PlaceholderPage titleKey="reports.title" />
              </RequireMenu>
            ),
          },
          { path: '/faq', element: <FaqPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);

import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrandingProvider } from '../theme/branding-provider';
import { createQueryClient } from './query-client';
import { useInitialLanguage } from './use-initial-language';

/** Everything the screens rely on: server data, translations, brand and theme (signed-in pages add dialogs and alerts: see AppShell). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18next}>
        <InitialLanguage />
        <BrandingProvider>{children}</BrandingProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

function InitialLanguage() {
  useInitialLanguage();
  return null;
}

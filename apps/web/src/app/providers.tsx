import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrandingProvider } from '../theme/branding-provider';
import { createQueryClient } from './query-client';
import { useInitialLanguage } from './use-initial-language';

/** Everything the screens rely on: server data, translations, brand and theme (signed-in pages add dialogs and alerts: see AppShell). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <InitialLanguage />
      <BrandingProvider>{children}</BrandingProvider>
    </QueryClientProvider>
  );
}

function InitialLanguage() {
  useInitialLanguage();
  return null;
}

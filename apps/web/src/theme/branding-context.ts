import { createContext, useContext } from 'react';
import type { ExperienceBranding } from '@portal/contract';

/** The current experience's branding; null while it loads or when the server could not give it. */
export const BrandingContext = createContext<ExperienceBranding | null>(null);

export function useBranding(): ExperienceBranding | null {
  return useContext(BrandingContext);
}

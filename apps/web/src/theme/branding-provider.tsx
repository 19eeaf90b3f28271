import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sessionEndpoints, FALLBACK_BRAND_COLORS } from '@portal/contract';
import { useTranslation } from '../i18n/use-translation';
import { callApi } from '../lib/api-client';
import { publicQueryKeys } from '../lib/public-query-keys';
import { applyBrandColors } from './brand-colors';
import { BrandingContext } from './branding-context';
import { translateKey } from '../lib/error-text';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { applyDocumentBranding } from './document-branding';
import { routeTitleKey, siteName, useRoutePath } from './page-title';
import { useExperienceCode } from './experience-code';
import { pageBrandingFor } from './page-branding';
import { createCssVariablesResolver, createPortalTheme } from './portal-theme';

/**
 * Loads the current experience's branding and turns it into CSS variables, Mantine's
 * theme, the tab title and the favicon. Components read colours only through variables
 * and the theme, never by experience code.
 */
export function BrandingProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const experienceCode = useExperienceCode();
  const { data: branding, isPending } = useQuery({
    queryKey: publicQueryKeys.branding(experienceCode),
    queryFn: ({ signal }) => callApi(sessionEndpoints.experienceBranding, { query: { exp: experienceCode }, signal }),
    // The page arrives with its experience's branding: no call before the first screen.
    initialData: () => pageBrandingFor(experienceCode),
    staleTime: 10 * 60_000,
    // Switching experience (at sign-in) keeps the old brand on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

  const colors = branding?.Colors ?? FALLBACK_BRAND_COLORS;
  const closeLabel = t('common.close');
  const theme = useMemo(() => createPortalTheme(colors, closeLabel), [colors, closeLabel]);
  const cssVariablesResolver = useMemo(() => createCssVariablesResolver(colors), [colors]);

  // Before paint, so the first frame already wears the brand.
  useLayoutEffect(() => applyBrandColors(colors), [colors]);
  // The tab names the screen, then the site, in the page's language: "Reports – Northbridge Documents".
  const path = useRoutePath();
  const language = useCurrentLanguage();
  const title = `${translateKey(routeTitleKey(path))} – ${siteName(branding ?? null, language, t('app.defaultTitle'))}`;
  useLayoutEffect(() => applyDocumentBranding(branding ?? null, title), [branding, title, language]);

  return (
    <BrandingContext value={branding ?? null}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        {isPending ? <PageLoader label={t('app.loading')} /> : children}
      </MantineProvider>
    </BrandingContext>
  );
}

function PageLoader({ label }: { label: string }) {
  return (
    <Center h="100vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

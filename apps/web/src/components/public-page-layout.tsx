import type { ReactNode } from 'react';
import { Box, Card, Group } from '@mantine/core';
import { brandName, pickLoginLogo } from '../theme/brand-assets';
import { useBranding } from '../theme/branding-context';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { BrandLogo } from './brand-logo';
import { DecorativeShapes } from './decorative-shapes';
import { LanguageToggle } from './language-toggle';

/**
 * The frame of the screens seen before signing in: the login background and graphic,
 * and a card with the experience's login logo and a language toggle. Longer forms (the
 * registration wizard) ask for a wider card.
 */
export function PublicPageLayout({ children, maxWidth = 440 }: { children: ReactNode; maxWidth?: number }) {
  const branding = useBranding();
  const language = useCurrentLanguage();
  return (
    <Box
      component="main"
      pos="relative"
      mih="100vh"
      p="md"
      style={{ display: 'grid', placeItems: 'center', overflow: 'hidden', background: 'var(--portal-login-background)' }}
    >
      <DecorativeShapes />
      <Card shadow="md" padding="xl" radius="md" w="100%" maw={maxWidth} pos="relative">
        <Group justify="space-between" align="center" gap="sm" mb="lg">
          {branding ? (
            <BrandLogo
              src={pickLoginLogo(branding, language)}
              alt={brandName(branding, language)}
              maxWidth={Math.min(branding.LogoMaxWidth, 240)}
              maxHeight={branding.LogoMaxHeight}
            />
          ) : (
            <span />
          )}
          <LanguageToggle size="compact-sm" style={{ flexShrink: 0 }} />
        </Group>
        {children}
      </Card>
    </Box>
  );
}

import { Burger, Group } from '@mantine/core';
import { BrandLogo } from '../../components/brand-logo';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { brandName, pickHeaderLogo } from '../../theme/brand-assets';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useBranding } from '../../theme/branding-context';
import { isDarkColor } from '@portal/contract';
import { NavLink } from '../routing';
import type { AccountActions } from './account-actions';
import { DeferredAvatarMenu } from './deferred-avatar-menu';
import { visibleNavItems } from './nav-items';
import classes from './app-shell.module.css';

interface TopBarProps extends AccountActions {
  isDrawerOpen: boolean;
  onOpenDrawer: () => void;
}

/** Logo, the main navigation and the avatar menu; on mobile a burger opens the drawer instead. */
export function TopBar({ isDrawerOpen, onOpenDrawer, ...account }: TopBarProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const branding = useBranding();
  const isMobile = useIsMobile();
  const name = branding ? brandName(branding, language) : t('app.defaultTitle');

  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <NavLink to="/" className={classes.logoLink} aria-label={t('shell.logoHome', { name })}>
          {branding ? (
            <BrandLogo
              src={pickHeaderLogo(branding, language, isDarkColor(branding.Colors.header))}
              alt={name}
              maxWidth={branding.LogoMaxWidth}
              maxHeight={Math.min(branding.LogoMaxHeight, 56)}
            />
          ) : (
            name
          )}
        </NavLink>
        <Group component="nav" aria-label={t('shell.mainNavigation')} gap={4} className={classes.nav} visibleFrom="sm">
          {visibleNavItems(account.user, 'topBar').map((item) => (
            <NavLink key={item.to} to={item.to} end className={classes.navButton}>
              {t(item.labelKey)}
            </NavLink>
          ))}
        </Group>
        {!isMobile && (
          <Group visibleFrom="sm">
            <DeferredAvatarMenu {...account} />
          </Group>
        )}
        <Burger
          hiddenFrom="sm"
          opened={isDrawerOpen}
          onClick={onOpenDrawer}
          className={classes.burger}
          color="var(--portal-on-header)"
          aria-label={t('shell.openMenu')}
          aria-expanded={isDrawerOpen}
        />
      </div>
    </header>
  );
}

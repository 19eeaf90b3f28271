import { BrandLogo } from '../../components/brand-logo';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { brandName } from '../../theme/brand-assets';
import { useBranding } from '../../theme/branding-context';
import classes from './app-shell.module.css';

export function AppFooter() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const branding = useBranding();
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <span>{t('shell.poweredBy')}</span>
        {branding && (
          <BrandLogo
            src={branding.Assets.footerLogo}
            alt={brandName(branding, language)}
            maxWidth={Math.min(branding.LogoMaxWidth, 160)}
            maxHeight={32}
          />
        )}
      </div>
    </footer>
  );
}

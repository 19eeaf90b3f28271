import type { CSSProperties } from 'react';
import { readableTextOn, type BrandColors, type Locale } from '@portal/contract';
import { useTextsIn } from '../../i18n/use-texts-in';
import { useTranslation } from '../../i18n/use-translation';
import classes from './brand-preview.module.css';

interface BrandPreviewProps {
  colors: BrandColors;
  language: Locale;
  width: 'desktop' | 'phone';
  brandName: string;
  /** Ids of the contrast pairs that fail (see CONTRAST_PAIRS): their elements are flagged. */
  failing: ReadonlySet<string>;
}

function cssVariables(colors: BrandColors): CSSProperties {
  return {
    '--pv-primary': colors.primary,
    '--pv-accent': colors.accent,
    '--pv-link-hover': colors.linkHover,
    '--pv-button-hover': colors.buttonHover,
    '--pv-text': colors.text,
    '--pv-title': colors.title,
    '--pv-card': colors.card,
    '--pv-body': colors.body,
    '--pv-header': colors.header,
    '--pv-footer': colors.footer,
    '--pv-login-background': colors.loginBackground,
    '--pv-row-highlight': colors.rowHighlight,
    '--pv-login-graphic-primary': colors.loginGraphicPrimary,
    '--pv-login-graphic-secondary': colors.loginGraphicSecondary,
    // The labels the portal writes itself on coloured surfaces, as the live theme picks them.
    '--pv-on-primary': readableTextOn(colors.primary),
    '--pv-on-button-hover': readableTextOn(colors.buttonHover),
    '--pv-on-header': readableTextOn(colors.header),
    '--pv-on-footer': readableTextOn(colors.footer),
    '--pv-on-login-background': readableTextOn(colors.loginBackground),
  } as CSSProperties;
}

/**
 * The login page and the dashboard drawn with the draft's colours, in one language and at one
 * width. Deliberately unreadable where the draft fails: it is hidden from assistive technology,
 * which reads the same findings in the contrast table beside it.
 */
export function BrandPreview({ colors, language, width, brandName, failing }: BrandPreviewProps) {
  const { fixedT } = useTranslation();
  const t = fixedT(language);
  // The page holds its own language's texts only: the other language's are fetched for the preview.
  const hasTexts = useTextsIn(language, 'staff');
  const flag = (...pairs: string[]) => ({ 'data-failing': pairs.some((pair) => failing.has(pair)) ? 'true' : undefined });
  const frame = `${classes.frame} ${width === 'desktop' ? classes.desktop : classes.phone}`;
  if (!hasTexts) return <div aria-hidden lang={language} data-brand-preview-loading={language} />;
  return (
    <div aria-hidden inert lang={language} data-brand-preview={`${language}-${width}`}>
      <div className={frame} style={cssVariables(colors)}>
        <div className={classes.login} {...flag('loginText')}>
          <div className={classes.loginArt} />
          <strong>{brandName}</strong>
          <div className={classes.loginCard}>
            <div className={classes.cardTitle} {...flag('titleOnCard')}>
              {t('console.brands.preview.signIn')}
            </div>
            <div className={classes.field} {...flag('textOnCard')}>
              {t('console.brands.preview.username')}
            </div>
            <div className={classes.field}>{t('console.brands.preview.password')}</div>
            <div className={classes.button} {...flag('buttonLabel', 'buttonOnCard')}>
              {t('console.brands.preview.login')}
            </div>
            <span className={classes.link} {...flag('linkOnCard')}>
              {t('console.brands.preview.forgot')}
            </span>
          </div>
        </div>
      </div>
      <div className={frame} style={{ ...cssVariables(colors), marginTop: 8 }}>
        <div className={classes.header} {...flag('headerText')}>
          <span className={classes.brandName}>{brandName}</span>
          <span className={classes.activeNavItem} {...flag('activeMenuMark')}>
            {t('console.brands.preview.home')}
          </span>
          <span className={classes.navItem}>{t('console.brands.preview.faq')}</span>
        </div>
        <div className={classes.body}>
          <div className={classes.pageTitle} {...flag('titleOnBody')}>
            {t('console.brands.preview.welcome')}
          </div>
          <div {...flag('textOnBody')}>{t('console.brands.preview.intro')}</div>
          <div className={classes.card}>
            <div className={classes.cardTitle}>{t('console.brands.preview.statements')}</div>
            <div className={classes.row}>{t('console.brands.preview.statementMarch')}</div>
            <div className={classes.highlightedRow} {...flag('textOnHighlightedRow')}>
              {t('console.brands.preview.statementApril')}
            </div>
            <span className={classes.link} {...flag('linkOnCard')}>
              {t('console.brands.preview.open')}
            </span>
            <span className={classes.linkHover} {...flag('linkHoverOnCard')}>
              {t('console.brands.preview.download')}
            </span>
            <div className={classes.buttonHover} {...flag('buttonHoverLabel')}>
              {t('console.brands.preview.search')}
            </div>
          </div>
        </div>
        <div className={classes.footer} {...flag('footerText')}>
          {t('console.brands.preview.footer')}
        </div>
      </div>
    </div>
  );
}

import { BrandColorsSchema, ensureContrast, PAGE_BRANDING_ELEMENT_ID, type Locale, type PageBranding } from '@portal/contract';
import { serverText } from '../i18n/server-texts.js';
import type { BrandedExperience } from '../services/branding.service.js';
import { presentBranding } from './branding.presenter.js';
import { escapeHtml } from '../domain/html-text.js';

/**
 * The web app's page as this visitor's experience shows it before any script has run: the
 * language, the tab's title and icon, the loading frame's words, logo and colours (the variables
 * its inline styles read, with neutral fallbacks when they are absent), and the file of the
 * language's texts to fetch at once, and the branding itself. The app sets the same things
 * again from it once it runs.
 */
export function brandedPage(
  template: string,
  page: { branded: BrandedExperience; askedCode: string | undefined; language: Locale; preloads: string[]; calls: string[] },
): string {
  const { branded, language } = page;
  const branding = presentBranding(branded);
  const title = branding.AppTitle || serverText(language, 'page.defaultTitle');
  // Replacements are given as functions: a brand's title may hold `$&` or `$1`, which a replacement string would expand.
  let html = template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<link rel="icon" href="[^"]*"/, () => `<link rel="icon" href="${escapeHtml(branding.Assets.favicon)}"`)
    .replace(
      /<p id="portal-boot-label">[\s\S]*?<\/p>/,
      () => `<p id="portal-boot-label">${escapeHtml(serverText(language, 'page.loading'))}</p>`,
    )
    // The logo the top bar will show, at the size it will have there: nothing moves when the app takes over.
    .replace(
      '<div class="portal-boot-bar"></div>',
      () =>
        `<div class="portal-boot-bar"><img src="${escapeHtml(branding.Assets.logo)}" alt="" style="max-width:${branding.LogoMaxWidth}px;max-height:${branding.LogoMaxHeight}px" /></div>`,
    );
  // Colours are checked again here: they go into a style element, where only #rrggbb is safe.
  const colors = BrandColorsSchema.safeParse(branding.Colors);
  if (colors.success) {
    const { header, body, text, primary } = colors.data;
    const variables = [
      `--portal-boot-bar:${header}`,
      `--portal-boot-body:${body}`,
      `--portal-boot-text:${ensureContrast(text, body)}`,
      `--portal-boot-spinner:${ensureContrast(primary, body, 3)}`,
    ];
    html = html.replace('</head>', () => `<style>:root{${variables.join(';')}}</style>\n  </head>`);
  }
  // Files the app will ask for as soon as it runs (its texts, the first screens), and a signed-in
  // person's first calls, fetched with the scripts rather than after them.
  const preloads = [
    ...page.preloads.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
    // Same origin, the app's own credentials mode: the browser hands the app these answers.
    ...page.calls.map((call) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(call)}">`),
  ];
  if (preloads.length > 0) html = html.replace('</head>', () => `${preloads.join('\n  ')}\n  </head>`);
  // The branding call's answer for the experience asked, so the app draws its first screen
  // without waiting for that call (see the web app's page-branding.ts). Only for no code or a
  // code that named this experience: nothing else the address or a cookie carries is written.
  // Data, not a script: the content security policy has nothing to allow, and `<` is escaped
  // so that no value can end the element.
  if (page.askedCode === undefined || page.askedCode === branding.Code) {
    const data = JSON.stringify({ askedCode: page.askedCode ?? null, branding } satisfies PageBranding).replace(/</g, '\\u003c');
    html = html.replace('</head>', () => `<script type="application/json" id="${PAGE_BRANDING_ELEMENT_ID}">${data}</script>\n  </head>`);
  }
  return html;
}

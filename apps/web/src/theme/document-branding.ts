import type { ExperienceBranding } from '@portal/contract';

/** The browser tab follows the experience: its title (or the translated default) and favicon. */
export function applyDocumentBranding(branding: ExperienceBranding | null, defaultTitle: string): void {
  document.title = branding?.AppTitle || defaultTitle;
  if (!branding) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== branding.Assets.favicon) link.href = branding.Assets.favicon;
}

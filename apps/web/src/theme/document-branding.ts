import type { ExperienceBranding } from '@portal/contract';

/** The browser tab follows the screen and the experience: its title and the experience's favicon. */
export function applyDocumentBranding(branding: ExperienceBranding | null, title: string): void {
  document.title = title;
  if (!branding) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== branding.Assets.favicon) link.href = branding.Assets.favicon;
}

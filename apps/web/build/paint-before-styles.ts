import type { Plugin } from 'vite';

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * Moves the build's stylesheets from the head to just before the app's root element. A
 * stylesheet in the head holds back the first paint until it has arrived; in the body it holds
 * back only what follows it, so the loading frame written before it in index.html (with its own
 * inline styles) shows from the first bytes. Nothing of the app is drawn before its styles: the
 * scripts that draw it wait for the stylesheets. The theme's own style element, which the UI kit
 * renders inside the root, still comes after them and overrides their defaults as before.
 */
export function paintBeforeStyles(): Plugin {
  return {
    name: 'portal-paint-before-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(STYLESHEET) ?? [];
        if (stylesheets.length === 0) return html;
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`index.html lacks ${root}`);
        return html.replace(STYLESHEET, '').replace(root, `${stylesheets.map((tag) => tag.trim()).join('\n    ')}\n    ${root}`);
      },
    },
  };
}

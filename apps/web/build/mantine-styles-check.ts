import type { Plugin } from 'vite';

/** Mantine names every class of its components' styles `m_` and eight hex digits. */
const MANTINE_CLASS = /m_[0-9a-f]{8}/g;

/**
 * Fails the build when a component the scripts draw has no styles in the stylesheet: the web
 * app imports Mantine's styles one component at a time (src/theme/mantine-styles.ts), and a
 * component added to a screen without its file would be drawn unstyled. Each class a script
 * names must be defined by the stylesheet.
 */
export function mantineStylesCheck(): Plugin {
  return {
    name: 'portal-mantine-styles-check',
    apply: 'build',
    // After Vite's own plugins have put the stylesheet in the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const named = new Set<string>();
      let styles = '';
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const name of file.code.match(MANTINE_CLASS) ?? []) named.add(name);
        else if (file.fileName.endsWith('.css'))
          styles += typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source);
      }
      const defined = new Set(styles.match(MANTINE_CLASS) ?? []);
      const missing = [...named].filter((name) => !defined.has(name));
      if (missing.length > 0) {
        this.error(
          `Mantine classes without styles: ${missing.join(', ')}. Add the component's file to src/theme/mantine-styles.ts ` +
            '(node_modules/@mantine/core/styles/ says which file defines each class).',
        );
      }
    },
  };
}

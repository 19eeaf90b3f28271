import { useEffect, useState } from 'react';
import type { Locale } from '@portal/contract';
import { loadTextPartIn, type TextPart } from './language-bundles';

/**
 * Whether `part` of the texts is here in `language`, fetching it when it is not: a screen that
 * shows a language other than the page's (the brand editor's preview) waits for it rather than
 * showing keys or the other language's words.
 */
export function useTextsIn(language: Locale, part: TextPart): boolean {
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set());
  const wanted = `${part}:${language}`;
  useEffect(() => {
    let isCurrent = true;
    void loadTextPartIn(language, part).then(() => {
      if (isCurrent) setLoaded((done) => new Set(done).add(wanted));
    });
    return () => {
      isCurrent = false;
    };
  }, [language, part, wanted]);
  return loaded.has(wanted);
}

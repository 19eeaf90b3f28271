import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { afterPaint } from '../lib/after-paint';
import { displayLoginQuery } from '../lib/display-login-query';
import { currentLanguage, readLanguageCookie } from '../i18n/language';
import { showLanguage } from '../i18n/language-bundles';
import { useExperienceCode } from '../theme/experience-code';

/**
 * A visitor who never chose a language gets the server's default (its Accept-Language
 * reading). This is not a choice, so no cookie is written; a choice made meanwhile wins.
 */
export function useInitialLanguage(): void {
  const hasChosen = readLanguageCookie() !== undefined;
  const experienceCode = useExperienceCode();
  // The page is drawn in the language the server chose for it; the check waits until it has painted.
  const [hasPainted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  const { data } = useQuery({ ...displayLoginQuery(experienceCode), enabled: !hasChosen && hasPainted });
  const isApplied = useRef(false);

  useEffect(() => {
    if (!data || isApplied.current || readLanguageCookie() !== undefined) return;
    isApplied.current = true;
    if (data.defaultLanguage !== currentLanguage()) void showLanguage(data.defaultLanguage);
  }, [data]);
}

import { useCallback, useState } from 'react';

/** The open document-list panels, newest first: opening one again moves it to the top. */
export function usePanelStack() {
  const [codes, setCodes] = useState<string[]>([]);
  const open = useCallback((code: string) => setCodes((current) => [code, ...current.filter((item) => item !== code)]), []);
  const close = useCallback((code: string) => setCodes((current) => current.filter((item) => item !== code)), []);
  return { codes, open, close };
}

import { useCallback, useState } from 'react';

/**
 * The open document-list panels, newest first: opening one again moves it to the top. Each open
 * counts (`attention`), so that a panel opened again comes into view again.
 */
export function usePanelStack() {
  const [codes, setCodes] = useState<string[]>([]);
  const [opened, setOpened] = useState({ code: '', count: 0 });
  const open = useCallback((code: string) => {
    setCodes((current) => [code, ...current.filter((item) => item !== code)]);
    setOpened((last) => ({ code, count: last.count + 1 }));
  }, []);
  const close = useCallback((code: string) => setCodes((current) => current.filter((item) => item !== code)), []);
  const attentionOf = useCallback((code: string) => (opened.code === code ? opened.count : 0), [opened]);
  return { codes, open, close, attentionOf };
}

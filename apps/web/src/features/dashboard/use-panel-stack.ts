import { useCallback, useEffect, useState } from 'react';
import { readRememberedDashboard, rememberPanels } from './dashboard-memory';

/**
 * The open document-list panels, newest first: opening one again moves it to the top. Each open
 * counts (`attention`), so that a panel opened again comes into view again; panels the tab
 * remembers (a reload, Back) come back without taking the focus. Without a signed-in person,
 * nothing is remembered.
 */
export function usePanelStack(userId: number | undefined) {
  const [codes, setCodes] = useState<string[]>(() => (userId === undefined ? [] : readRememberedDashboard(userId).panels));
  const [opened, setOpened] = useState({ code: '', count: 0 });
  useEffect(() => {
    if (userId !== undefined) rememberPanels(userId, codes);
  }, [userId, codes]);
  const open = useCallback((code: string) => {
    setCodes((current) => [code, ...current.filter((item) => item !== code)]);
    setOpened((last) => ({ code, count: last.count + 1 }));
  }, []);
  const close = useCallback((code: string) => setCodes((current) => current.filter((item) => item !== code)), []);
  const attentionOf = useCallback((code: string) => (opened.code === code ? opened.count : 0), [opened]);
  return { codes, open, close, attentionOf };
}

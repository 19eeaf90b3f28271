import { useState } from 'react';
import { DOCUMENT_SELECTION_MAX } from '@portal/contract';

/** Selected document keys, kept across pages; "select all" takes the page's documents up to the limit. */
export function useSelection(initial: string[] = []) {
  const [selected, setSelected] = useState<string[]>(initial);
  const selectedSet = new Set(selected);
  return {
    selected,
    isSelected: (key: string) => selectedSet.has(key),
    toggle: (key: string) => setSelected((current) => (current.includes(key) ? current.filter((item) => item !== key) : [...current, key])),
    /** Ticks the page's documents, never past the limit; unticking removes them all. */
    setAll: (keys: string[], isChecked: boolean) =>
      setSelected((current) => {
        if (!isChecked) return current.filter((item) => !keys.includes(item));
        const added = keys.filter((key) => !current.includes(key));
        return [...current, ...added].slice(0, Math.max(current.length, DOCUMENT_SELECTION_MAX));
      }),
    clear: () => setSelected([]),
  };
}

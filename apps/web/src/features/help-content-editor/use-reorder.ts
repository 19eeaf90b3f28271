import { useRef, useState } from 'react';
import { moveId } from './help-content-queries';

/**
 * Moving entries with buttons: the new order is sent whole, then the focus returns to the moved
 * entry's button (or its other one at an end) and the new position is announced.
 */
export function useReorder(options: {
  ids: number[];
  reorder: (ids: number[], callbacks: { onSuccess: () => void }) => void;
  announce: (id: number, position: number, total: number) => string;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [announcement, setAnnouncement] = useState('');

  const buttonRef = (id: number) => (step: -1 | 1, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${step}`, element);
    else buttons.current.delete(`${id}:${step}`);
  };

  const move = (id: number, step: -1 | 1) => {
    const index = options.ids.indexOf(id);
    const ids = moveId(options.ids, index, step);
    const position = ids.indexOf(id) + 1;
    options.reorder(ids, {
      onSuccess: () => {
        setAnnouncement(options.announce(id, position, ids.length));
        window.requestAnimationFrame(() => {
          const same = buttons.current.get(`${id}:${step}`);
          const other = buttons.current.get(`${id}:${-step}`);
          (same && !same.disabled ? same : other)?.focus();
        });
      },
    });
  };

  return { move, buttonRef, announcement };
}

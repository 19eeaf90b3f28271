import { useEffect, useRef, useState } from 'react';
import { moveId } from './help-content-queries';

interface PendingFocus {
  id: number;
  step: -1 | 1;
  order: string;
}

/**
 * Moving entries with buttons: the new order is sent whole, then the focus returns to the moved
 * entry's button (or its other one at an end) and the new position is announced.
 *
 * The focus moves only once the list shows the new order with its buttons enabled again: the
 * server's answer comes before the refreshed list, and a button focused while disabled, or one
 * that becomes disabled at its new end, would drop the focus to the page.
 */
export function useReorder(options: {
  ids: number[];
  reorder: (ids: number[], callbacks: { onSuccess: () => void }) => void;
  announce: (id: number, position: number, total: number) => string;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<PendingFocus | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const order = options.ids.join(',');

  const buttonRef = (id: number) => (step: -1 | 1, element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${step}`, element);
    else buttons.current.delete(`${id}:${step}`);
  };

  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || pending.order !== order) return;
    const enabled = [pending.step, -pending.step]
      .map((step) => buttons.current.get(`${pending.id}:${step}`))
      .find((button) => button && !button.disabled);
    if (!enabled) return;
    pendingFocus.current = null;
    enabled.focus();
  });

  const move = (id: number, step: -1 | 1) => {
    const index = options.ids.indexOf(id);
    const ids = moveId(options.ids, index, step);
    const position = ids.indexOf(id) + 1;
    options.reorder(ids, {
      onSuccess: () => {
        pendingFocus.current = { id, step, order: ids.join(',') };
        setAnnouncement(options.announce(id, position, ids.length));
      },
    });
  };

  return { move, buttonRef, announcement };
}

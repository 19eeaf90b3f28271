import { useRef, useState, type RefObject } from 'react';
import type { CommunicationKind } from './contact-value';

/**
 * Which contact dialog is open, and focus back on its opener once it has closed: Mantine's
 * modal stack does not return focus to a stacked dialog's opener. A new phone number
 * replaces the Add button with Edit, which then takes the focus instead.
 */
export function useCommunicationDialog(container: RefObject<HTMLElement | null>) {
  const [kind, setKind] = useState<CommunicationKind | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  return {
    kind,
    open: (next: CommunicationKind) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setKind(next);
    },
    close: () => setKind(null),
    returnFocus: () => {
      const fallback = container.current?.querySelector<HTMLElement>('[data-phone-actions] button');
      (opener.current?.isConnected ? opener.current : fallback)?.focus();
    },
  };
}

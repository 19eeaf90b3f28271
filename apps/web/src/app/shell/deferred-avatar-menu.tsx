import { useEffect, useRef, useState } from 'react';
import { afterPaint } from '../../lib/after-paint';
import { useOnDemand } from '../../lib/use-on-demand';
import type { AccountActions } from './account-actions';
import { AvatarButton } from './avatar-button';

const loadAvatarMenu = async () => (await import('./avatar-menu')).AvatarMenu;

/**
 * The avatar menu, its pop-over fetched once the page has drawn (phones, which show the drawer
 * instead, never fetch it). Until then the same avatar stands in its place: a click on it opens
 * the menu as soon as it is here, and the focus it held passes to the menu's own button.
 */
export function DeferredAvatarMenu(account: AccountActions) {
  const [AvatarMenu, requestMenu] = useOnDemand(loadAvatarMenu);
  const [isOpen, setOpen] = useState(false);
  const holder = useRef<HTMLSpanElement>(null);
  const standInHasFocus = useRef(false);
  useEffect(() => afterPaint(() => requestMenu()), []); // eslint-disable-line react-hooks/exhaustive-deps -- fetched once, on the first draw

  useEffect(() => {
    // The stand-in was removed while it held the focus: the browser gave it to the page.
    if (AvatarMenu && standInHasFocus.current && document.activeElement === document.body) holder.current?.querySelector('button')?.focus();
  }, [AvatarMenu]);

  return (
    <span ref={holder} style={{ display: 'contents' }}>
      {AvatarMenu ? (
        <AvatarMenu {...account} opened={isOpen} onChange={setOpen} />
      ) : (
        <AvatarButton
          user={account.user}
          aria-haspopup="menu"
          aria-expanded={false}
          onFocus={() => (standInHasFocus.current = true)}
          onBlur={() => (standInHasFocus.current = false)}
          onClick={() => {
            setOpen(true);
            // Asked for again: the fetch after the first paint may have failed.
            requestMenu();
          }}
        />
      )}
    </span>
  );
}

import { useEffect, useState } from 'react';
import { afterPaint } from '../../lib/after-paint';
import { useOnDemand } from '../../lib/use-on-demand';
import type { AccountActions } from './account-actions';
import { AvatarButton } from './avatar-button';

const loadAvatarMenu = async () => (await import('./avatar-menu')).AvatarMenu;

/**
 * The avatar menu, its pop-over fetched once the page has drawn (phones, which show the drawer
 * instead, never fetch it). Until then the same avatar stands in its place, and a click on it
 * opens the menu as soon as it is here.
 */
export function DeferredAvatarMenu(account: AccountActions) {
  const [AvatarMenu, requestMenu] = useOnDemand(loadAvatarMenu);
  const [isOpen, setOpen] = useState(false);
  useEffect(() => afterPaint(() => requestMenu()), []); // eslint-disable-line react-hooks/exhaustive-deps -- fetched once, on the first draw
  if (AvatarMenu) return <AvatarMenu {...account} opened={isOpen} onChange={setOpen} />;
  return <AvatarButton user={account.user} aria-haspopup="menu" aria-expanded={false} onClick={() => setOpen(true)} />;
}

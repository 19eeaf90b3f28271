import { useEffect } from 'react';
import { afterPaint } from '../../lib/after-paint';
import { useOnDemand } from '../../lib/use-on-demand';

const loadNotificationsOutlet = async () => (await import('./notifications-outlet')).NotificationsOutlet;

/**
 * The alerts' outlet, fetched once the page has drawn: nothing is shown in it before then, and an
 * alert raised meanwhile waits in its store until the outlet shows it.
 */
export function DeferredNotifications() {
  const [NotificationsOutlet, requestOutlet] = useOnDemand(loadNotificationsOutlet);
  useEffect(() => afterPaint(() => requestOutlet()), []); // eslint-disable-line react-hooks/exhaustive-deps -- fetched once, on the first draw
  return NotificationsOutlet ? <NotificationsOutlet /> : null;
}

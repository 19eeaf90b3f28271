import { Notifications } from '@mantine/notifications';
import classes from './notifications-outlet.module.css';

/** Where the signed-in pages' alerts appear (Mantine's notifications, shown through their store), under the top bar. */
export function NotificationsOutlet() {
  return <Notifications position="top-right" classNames={{ root: classes.root }} />;
}

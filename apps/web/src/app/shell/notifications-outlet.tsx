import { Notifications } from '@mantine/notifications';

/** Where the signed-in pages' alerts appear (Mantine's notifications, shown through their store). */
export function NotificationsOutlet() {
  return <Notifications position="top-right" />;
}

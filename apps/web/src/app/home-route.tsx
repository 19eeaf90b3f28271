import { AddSubscription } from '../features/onboarding/add-subscription';
import { HomePage } from '../features/dashboard/home-page';

/** The home screen as its route shows it: document tiles, and subscribing to another type. */
export function HomeRoute() {
  return <HomePage renderAddSubscription={(onSubscribed) => <AddSubscription onSubscribed={onSubscribed} />} />;
}

import { customerViewEndpoints, type CustomerView, type LoggedInUser } from '@portal/contract';
import { callApi } from './api-client';
import { writeCustomerView } from './customer-view-store';
import { clearStoredUser, setStoredUser } from './stored-user';

export { CUSTOMER_VIEW_LOST_EVENT, useCustomerView, type StoredCustomerView } from './customer-view-store';

/** The view is open: the portal shows the customer, and remembers the staff member to come back to. */
export function enterCustomerView(answer: { user: LoggedInUser; view: CustomerView }, staff: LoggedInUser): void {
  writeCustomerView({ view: answer.view, staff });
  setStoredUser(answer.user);
  window.location.hash = '#/';
}

/**
 * Leaves the view (also once it has run out): the staff member is signed in again as before and
 * back in User Management, or, when their own session has ended meanwhile, at sign-in.
 */
export async function leaveCustomerView(): Promise<void> {
  const answer = await callApi(customerViewEndpoints.endCustomerView);
  writeCustomerView(null);
  if (answer.user) {
    setStoredUser(answer.user);
    window.location.hash = '#/userManagement';
  } else {
    window.location.hash = '#/login';
    clearStoredUser();
  }
}

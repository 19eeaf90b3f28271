import type { CustomerView, CustomerViewByStaff } from '@portal/contract';
import type { OpenCustomerView } from '../db/repositories/customer-views.repository.js';

/** An open view as its banner shows it. */
export function presentCustomerView(view: OpenCustomerView): CustomerView {
  return {
    id: view.id,
    customer: {
      userid: view.customer_user_id,
      username: view.customer_username,
      firstname: view.customer_first_name,
      lastname: view.customer_last_name,
    },
    staff: { firstname: view.staff_first_name, lastname: view.staff_last_name },
    reason: view.reason,
    startedAt: new Date(view.started_at).toISOString(),
    expiresAt: view.expires_at.toISOString(),
    documents: view.customer_view_documents,
  };
}

/** The views of a person's portal, as their sign-in history lists them: a view never left ended when its time ran out. */
export function presentViewsByStaff(
  rows: { started_at: Date; ended_at: Date | null; expires_at: Date; reason: string; first_name: string; last_name: string }[],
): CustomerViewByStaff[] {
  return rows.map((row) => ({
    startedAt: new Date(row.started_at).toISOString(),
    endedAt: (row.ended_at ?? row.expires_at).toISOString(),
    staff: { firstname: row.first_name, lastname: row.last_name },
    reason: row.reason,
  }));
}

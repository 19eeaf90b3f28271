import { UserIdParamsSchema } from '../schemas/user-management.js';
import {
  CurrentCustomerViewResponseSchema,
  EndCustomerViewResponseSchema,
  StartCustomerViewRequestSchema,
  StartCustomerViewResponseSchema,
} from '../schemas/customer-view.js';
import { defineEndpoint } from './endpoint.js';

/**
 * Viewing as a customer, from User Management: whoever may manage the customer (customer service,
 * the client's administrators and staff, super users) opens a read-only view of the customer's
 * portal for a reason; another client's customer is 404, a role that may not manage them 403.
 */
export const customerViewEndpoints = {
  startCustomerView: defineEndpoint({
    method: 'POST',
    path: '/api/usermanagement/users/:id/customer-view',
    summary:
      "Opens a read-only view of this customer's portal for the reason given; this browser's session becomes the view until it is left or runs out.",
    access: 'session',
    menu: 'userManagement',
    params: UserIdParamsSchema,
    body: StartCustomerViewRequestSchema,
    response: StartCustomerViewResponseSchema,
  }),
  currentCustomerView: defineEndpoint({
    method: 'GET',
    path: '/api/customer-view',
    summary: 'The customer view this session is, with the time it ends; null in an ordinary session.',
    access: 'session',
    customerView: 'read',
    response: CurrentCustomerViewResponseSchema,
  }),
  endCustomerView: defineEndpoint({
    method: 'POST',
    path: '/api/customer-view/end',
    summary: "Leaves the customer view (also once it has run out): the staff member's own session is theirs again, if it has not ended.",
    access: 'public',
    response: EndCustomerViewResponseSchema,
  }),
};

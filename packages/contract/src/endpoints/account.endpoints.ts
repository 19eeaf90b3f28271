import { AccountStatusResponseSchema } from '../schemas/account.js';
import { defineEndpoint } from './endpoint.js';

export const accountEndpoints = {
  accountStatus: defineEndpoint({
    method: 'GET',
    path: '/login/account-status',
    summary: 'Whether the signed-in user must set a password now, or whose password has expired.',
    access: 'session',
    response: AccountStatusResponseSchema,
  }),
};

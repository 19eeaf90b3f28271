import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import type { AccountService } from '../services/account.service.js';
import { bindEndpoint } from './bind-endpoint.js';

export function registerAccountRoutes(app: FastifyInstance, deps: { account: AccountService }) {
  bindEndpoint(app, endpoints.accountStatus, async (request) => ({
    success: true as const,
    accountStatus: deps.account.getAccountStatus(requireAuth(request).user),
  }));
}

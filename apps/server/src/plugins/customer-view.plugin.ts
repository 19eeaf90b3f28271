import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CUSTOMER_VIEW_ERROR_KEYS, type Endpoint } from '@portal/contract';
import type { OpenCustomerView } from '../db/repositories/customer-views.repository.js';
import { AppError } from '../errors.js';
import { redactSecretQueryParameters } from './request-log-redaction.js';
import type { ViewCall } from '../services/customer-view.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * In a customer view, serves only the calls the contract marks for it (reads as the customer,
     * and opening files as far as the client lets its staff), and audits each call, served or
     * refused. Every other signed-in call is refused with 403, whatever it sent.
     */
    guardCustomerView(request: FastifyRequest, endpoint: Endpoint): Promise<void>;
  }
}

/** Which of a customer's documents' files a client's setting lets its staff open in a view. */
const FILES_ALLOWED: Record<OpenCustomerView['customer_view_documents'], readonly string[]> = {
  none: [],
  preview: ['preview'],
  previewAndDownload: ['preview', 'download'],
};

function refusalOf(endpoint: Endpoint, view: OpenCustomerView): AppError | null {
  const kind = endpoint.customerView;
  if (kind === undefined)
    return new AppError(403, CUSTOMER_VIEW_ERROR_KEYS.readOnly, 'This is not done in a customer view: it only reads.');
  if (kind !== 'read' && !FILES_ALLOWED[view.customer_view_documents].includes(kind)) {
    return new AppError(
      403,
      CUSTOMER_VIEW_ERROR_KEYS.documentsNotAllowed,
      'The client does not let its staff open this in a customer view.',
    );
  }
  return null;
}

async function customerViewPlugin(
  app: FastifyInstance,
  options: { customerViews: { recordCall(view: OpenCustomerView, call: ViewCall): Promise<void> } },
) {
  app.decorate('guardCustomerView', async (request: FastifyRequest, endpoint: Endpoint) => {
    const view = request.auth?.customerView;
    if (!view || endpoint.access === 'public') return;
    const refusal = refusalOf(endpoint, view);
    await options.customerViews.recordCall(view, {
      method: request.method,
      path: redactSecretQueryParameters(request.url).slice(0, 500),
      refused: refusal !== null,
    });
    if (refusal) throw refusal;
  });
}

export default fp(customerViewPlugin, { name: 'customer-view', dependencies: ['session'] });

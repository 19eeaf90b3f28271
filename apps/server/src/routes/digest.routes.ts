import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentDigestPreference } from '../presenters/digest.presenter.js';
import { requireDigestReader, type DigestPreferenceService } from '../services/digest-preference.service.js';
import { bindEndpoint, bindInScope } from './bind-endpoint.js';

/** What mail programs post to a one-click unsubscribe address (RFC 8058); the token in the address is all that counts. */
const ONE_CLICK_BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const ONE_CLICK_BODY_LIMIT = 1_024;

export function registerDigestRoutes(app: FastifyInstance, deps: { digestPreference: DigestPreferenceService }) {
  bindEndpoint(app, endpoints.digestPreference, async (request) =>
    presentDigestPreference(await deps.digestPreference.getFrequency(requireAuth(request).user)),
  );

  bindInScope(app, (scope) => {
    // Other roles are refused before the body is read, as calls behind a menu are.
    scope.addHook('preParsing', async (request) => {
      requireDigestReader(requireAuth(request).user);
    });
    bindEndpoint(scope, endpoints.saveDigestPreference, async (request) =>
      presentDigestPreference(await deps.digestPreference.saveFrequency(requireAuth(request).user, request.body.frequency)),
    );
  });

  bindEndpoint(app, endpoints.openDigestUnsubscribe, async (request, reply) =>
    // A GET changes nothing (mail scanners follow links): it leads to the page that asks first.
    reply.redirect(`/#/digest/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  bindInScope(app, (scope) => {
    // Mail programs post the one-click body as a form; it says nothing the address does not.
    for (const type of ONE_CLICK_BODY_TYPES) {
      if (scope.hasContentTypeParser(type)) continue;
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_LIMIT }, (_request, _body, done) =>
        done(null, undefined),
      );
    }
    bindEndpoint(scope, endpoints.unsubscribeDigest, async (request) => {
      await deps.digestPreference.unsubscribe(request.body?.token ?? request.query.token);
      return { success: true as const };
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentCodeSent } from '../presenters/mfa.presenter.js';
import { presentPasskey, presentWebAuthnOptions } from '../presenters/passkeys.presenter.js';
import type { PasskeysService } from '../services/passkeys.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { signInContextOf } from './request-context.js';
import { answerSecondStepPassed, trustRequestOf } from './second-step-reply.js';

/** A person's passkeys in Settings, and a passkey instead of the code at the code step. */
export function registerPasskeysRoutes(app: FastifyInstance, deps: { passkeys: PasskeysService }, options: { secureCookies: boolean }) {
  bindEndpoint(app, endpoints.listPasskeys, async (request) => ({
    success: true as const,
    data: (await deps.passkeys.list(requireAuth(request).user.id)).map(presentPasskey),
  }));

  bindEndpoint(app, endpoints.sendPasskeyCode, async (request) => {
    const sent = await deps.passkeys.sendCode(requireAuth(request).user);
    return { success: true as const, channel: sent.channel, ...presentCodeSent(sent) };
  });

  bindEndpoint(app, endpoints.passkeyRegistrationOptions, async (request) => {
    const auth = requireAuth(request);
    return {
      success: true as const,
      options: presentWebAuthnOptions(await deps.passkeys.registrationOptions(auth.user, auth.sessionHash, request.body.Code)),
    };
  });

  bindEndpoint(app, endpoints.registerPasskey, async (request) => {
    const auth = requireAuth(request);
    const { Name: name, Code: code, Credential: credential } = request.body;
    const created = await deps.passkeys.register(auth.user, auth.sessionHash, { name, code, credential });
    return { success: true as const, data: presentPasskey(created) };
  });

  bindEndpoint(app, endpoints.renamePasskey, async (request) => ({
    success: true as const,
    data: presentPasskey(await deps.passkeys.rename(requireAuth(request).user.id, request.params.passkeyId, request.body.Name)),
  }));

  bindEndpoint(app, endpoints.removePasskey, async (request) => {
    await deps.passkeys.remove(requireAuth(request).user.id, request.params.passkeyId);
    return { success: true as const };
  });

  bindEndpoint(app, endpoints.passkeySignInOptions, async (request) => ({
    success: true as const,
    options: presentWebAuthnOptions(await deps.passkeys.signInOptions(requireAuth(request))),
  }));

  bindEndpoint(app, endpoints.passkeySignIn, async (request, reply) => {
    const passed = await deps.passkeys.signIn(
      requireAuth(request),
      request.body.Credential,
      signInContextOf(request),
      trustRequestOf(request),
    );
    return answerSecondStepPassed(app, reply, passed, options);
  });
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/contract';
import { requireAuth } from '../plugins/session.plugin.js';
import { presentCodeSent } from '../presenters/mfa.presenter.js';
import { presentResetDone, presentResetRequested } from '../presenters/password-recovery.presenter.js';
import type { MfaService } from '../services/mfa.service.js';
import type { PasswordRecoveryService } from '../services/password-recovery.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { clientIp, resolveLanguage, signInContextOf } from './request-context.js';
import { answerSecondStepPassed, trustRequestOf } from './second-step-reply.js';

export function registerSecurityRoutes(
  app: FastifyInstance,
  deps: { mfa: MfaService; recovery: PasswordRecoveryService },
  options: { secureCookies: boolean },
) {
  bindEndpoint(app, endpoints.sendMfaCode, async (request) => ({
    success: true as const,
    ...presentCodeSent(await deps.mfa.resend(requireAuth(request), request.body.MFAType)),
  }));

  bindEndpoint(app, endpoints.mfaCodeValidation, async (request, reply) => {
    const passed = await deps.mfa.validate(requireAuth(request), request.body.MFACode, signInContextOf(request), trustRequestOf(request));
    return answerSecondStepPassed(app, reply, passed, options);
  });

  bindEndpoint(app, endpoints.forgotPassword, async (request) => {
    await deps.recovery.requestReset(request.body.userName, clientIp(request));
    return { success: true as const, msg: presentResetRequested(resolveLanguage(request)) };
  });

  bindEndpoint(app, endpoints.forgotPasswordConfirmation, async (request) => ({
    success: true as const,
    msg: presentResetRequested(resolveLanguage(request)),
  }));

  bindEndpoint(app, endpoints.validateToken, async (request) => {
    await deps.recovery.validateToken(request.body.token);
    return { success: true as const };
  });

  bindEndpoint(app, endpoints.resetPassword, async (request) => {
    await deps.recovery.resetPassword(request.body);
    return { success: true as const, msg: presentResetDone(resolveLanguage(request)) };
  });

  bindEndpoint(app, endpoints.resetPasswordConfirmation, async (request) => ({
    success: true as const,
    msg: presentResetDone(resolveLanguage(request)),
  }));
}

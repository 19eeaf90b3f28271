import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contract';
import { REGISTRATION_PROOF_COOKIE, requireAuth } from '../plugins/session.plugin.js';
import { presentRegisteredAccount } from '../presenters/registration.presenter.js';
import { presentChosenReport, presentOnboardingList, presentRegistrationReport } from '../presenters/subscription.presenter.js';
import type { OnboardingService } from '../services/onboarding.service.js';
import type { RegistrationService, VisitorContext } from '../services/registration.service.js';
import { bindEndpoint } from './bind-endpoint.js';
import { clientIp, resolveExperienceCode, resolveLanguage } from './request-context.js';

function visitorOf(request: FastifyRequest): VisitorContext {
  return { experienceCode: resolveExperienceCode(request, undefined), language: resolveLanguage(request), ip: clientIp(request) };
}

export function registerRegistrationRoutes(
  app: FastifyInstance,
  deps: { registration: RegistrationService; onboarding: OnboardingService },
) {
  bindEndpoint(app, endpoints.validateRegistrationStep1, async (request) => {
    const { offered, nextResendSeconds } = await deps.registration.validateStep1(request.body, visitorOf(request));
    return { success: true as const, reportsLst: offered.map(presentRegistrationReport), nextResendSeconds };
  });

  bindEndpoint(app, endpoints.validateRegistrationStep2, async (request, reply) => {
    const { offered, proof } = await deps.registration.validateStep2(
      request.body.data,
      request.body.contactValidationCode,
      visitorOf(request),
    );
    app.setRegistrationProofCookie(reply, proof.secret, proof.expiresAt);
    return { success: true as const, reportsLst: offered.map(presentRegistrationReport) };
  });

  bindEndpoint(app, endpoints.validateRegistrationStep3, async (request) => ({
    success: true as const,
    choosenReports: (await deps.registration.validateStep3(request.body, visitorOf(request))).map(presentChosenReport),
  }));

  bindEndpoint(app, endpoints.resendRegistrationCode, async (request) => ({
    success: true as const,
    nextResendSeconds: await deps.registration.resendCode(request.body, visitorOf(request)),
  }));

  for (const [endpoint, ignoreDuplicates] of [
    [endpoints.processRegistering, false],
    [endpoints.processRegisteringNoDupes, true],
  ] as const) {
    bindEndpoint(app, endpoint, async (request, reply) => {
      const proofSecret = request.cookies[REGISTRATION_PROOF_COOKIE];
      const account = await deps.registration.register(request.body, visitorOf(request), { ignoreDuplicates, proofSecret });
      app.clearRegistrationProofCookie(reply);
      return { success: true as const, data: presentRegisteredAccount(account) };
    });
  }

  bindEndpoint(app, endpoints.onboardingReports, async (request) => ({
    success: true as const,
    ...presentOnboardingList(await deps.onboarding.list(requireAuth(request).user)),
  }));

  for (const [endpoint, ignoreDuplicates] of [
    [endpoints.processOnboarding, false],
    [endpoints.processOnboardingIgnoreDupes, true],
  ] as const) {
    bindEndpoint(app, endpoint, async (request) => ({
      success: true as const,
      reportAccess: await deps.onboarding.subscribe(requireAuth(request).user, request.body.choosenReports, ignoreDuplicates),
    }));
  }
}

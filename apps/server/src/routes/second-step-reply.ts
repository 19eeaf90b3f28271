import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presentLoggedInUser } from '../presenters/user.presenter.js';
import type { SecondStepPassed, TrustRequest } from '../services/mfa.service.js';
import { TRUSTED_DEVICE_COOKIE_PATH, TRUSTED_DEVICE_COOKIE } from '../services/trusted-devices.service.js';

/** The second step passed, by a code or a passkey: the new session's cookie, the trusted device's if one was asked for, and the person. */
export function answerSecondStepPassed(
  app: FastifyInstance,
  reply: FastifyReply,
  passed: SecondStepPassed,
  options: { secureCookies: boolean },
) {
  app.setSessionCookie(reply, passed.sessionToken);
  if (passed.trustedDevice) {
    // Its own cookie, sent to the sign-in calls alone and never readable by the page.
    reply.setCookie(TRUSTED_DEVICE_COOKIE, passed.trustedDevice.token, {
      path: TRUSTED_DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies,
      expires: passed.trustedDevice.expiresAt,
    });
  }
  return { success: true as const, user: presentLoggedInUser(passed.user) };
}

/** Whether this second step asks to trust the device, with the token of a device this browser trusted before. */
export function trustRequestOf(request: FastifyRequest & { body: { TrustDevice?: boolean } }): TrustRequest {
  return { wanted: request.body.TrustDevice === true, previousToken: request.cookies[TRUSTED_DEVICE_COOKIE] };
}

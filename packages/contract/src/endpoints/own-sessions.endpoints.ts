import {
  EndedSessionsResponseSchema,
  OwnSessionParamsSchema,
  OwnSessionsResponseSchema,
  RemovedResponseSchema,
  SignInHistoryResponseSchema,
  TrustedDeviceParamsSchema,
  TrustedDevicesResponseSchema,
} from '../schemas/own-sessions.js';
import { defineEndpoint } from './endpoint.js';

export const ownSessionsEndpoints = {
  listOwnSessions: defineEndpoint({
    method: 'GET',
    path: '/api/account/sessions',
    summary: 'The sessions in which the signed-in person is signed in, this one marked, most recently active first.',
    access: 'session',
    response: OwnSessionsResponseSchema,
  }),
  endOwnSession: defineEndpoint({
    method: 'DELETE',
    path: '/api/account/sessions/:sessionId',
    summary: "Signs one of the person's sessions out; 404 when it is not theirs or already over.",
    access: 'session',
    params: OwnSessionParamsSchema,
    response: EndedSessionsResponseSchema,
  }),
  endOtherOwnSessions: defineEndpoint({
    method: 'POST',
    path: '/api/account/sessions/end-others',
    summary: "Signs every one of the person's sessions out but this one.",
    access: 'session',
    response: EndedSessionsResponseSchema,
  }),
  listTrustedDevices: defineEndpoint({
    method: 'GET',
    path: '/api/account/trusted-devices',
    summary: 'The devices the person trusts to sign in with the password alone, until each expires.',
    access: 'session',
    response: TrustedDevicesResponseSchema,
  }),
  removeTrustedDevice: defineEndpoint({
    method: 'DELETE',
    path: '/api/account/trusted-devices/:deviceId',
    summary: 'Stops trusting one of the person’s devices: its next sign-in asks for the code; 404 when it is not theirs.',
    access: 'session',
    params: TrustedDeviceParamsSchema,
    response: RemovedResponseSchema,
  }),
  ownSignInHistory: defineEndpoint({
    method: 'GET',
    path: '/api/account/sign-ins',
    summary: 'The attempts to sign in to this account in the last 90 days, newest first.',
    access: 'session',
    response: SignInHistoryResponseSchema,
  }),
};

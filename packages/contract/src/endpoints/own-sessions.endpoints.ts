import {
  EndedSessionsResponseSchema,
  OwnSessionParamsSchema,
  OwnSessionsResponseSchema,
  SignInHistoryResponseSchema,
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
  ownSignInHistory: defineEndpoint({
    method: 'GET',
    path: '/api/account/sign-ins',
    summary: 'The attempts to sign in to this account in the last 90 days, newest first.',
    access: 'session',
    response: SignInHistoryResponseSchema,
  }),
};

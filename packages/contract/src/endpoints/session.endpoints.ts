import { BrandAssetParamsSchema, BrandAssetQuerySchema, BrandingQuerySchema, ExperienceBrandingSchema } from '../schemas/branding.js';
import {
  DisplayLoginResponseSchema,
  LogoutResponseSchema,
  ProcessLoginRequestSchema,
  ProcessLoginResponseSchema,
  SetLangQuerySchema,
  SetLangResponseSchema,
} from '../schemas/session.js';
import { defineEndpoint } from './endpoint.js';

export const sessionEndpoints = {
  displayLogin: defineEndpoint({
    method: 'GET',
    path: '/login/displaylogin',
    summary: 'What the login page needs: onboarding availability, default language and the resolved experience.',
    access: 'public',
    query: BrandingQuerySchema,
    response: DisplayLoginResponseSchema,
  }),
  processLogin: defineEndpoint({
    method: 'POST',
    path: '/login/processlogin',
    summary: 'Checks a username and password and opens a session.',
    access: 'public',
    throttled: true,
    body: ProcessLoginRequestSchema,
    response: ProcessLoginResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/login/logout',
    summary: 'Ends the current session, if any.',
    access: 'public',
    response: LogoutResponseSchema,
  }),
  setLang: defineEndpoint({
    method: 'GET',
    path: '/Localisation/SetLang',
    summary: 'Remembers the chosen language in the lang cookie and on the session.',
    access: 'public',
    query: SetLangQuerySchema,
    response: SetLangResponseSchema,
  }),
  experienceBranding: defineEndpoint({
    method: 'GET',
    path: '/branding/experience',
    summary: 'Branding of an experience (from ?exp, else the exp cookie; unknown or missing falls back to the default experience).',
    access: 'public',
    query: BrandingQuerySchema,
    response: ExperienceBrandingSchema,
  }),
  brandAsset: defineEndpoint({
    method: 'GET',
    path: '/branding/:code/:kind',
    summary: 'An image of an experience (logo, dark logo, English logos, favicon, footer logo).',
    access: 'public',
    params: BrandAssetParamsSchema,
    query: BrandAssetQuerySchema,
    fileAnswer: ['image/*'],
  }),
};

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionEndpoints } from '@portal/contract';
import { buildUrl, callApi } from './api-client';
import { ApiError } from './api-error';
import { wasSessionExpired } from './session-expiry-notice';
import { getStoredUser, setStoredUser } from './stored-user';
import { buildJsonResponse, buildLoggedInUser, stubBrowserWindow } from './test-helpers';

const USER = buildLoggedInUser();

beforeEach(stubBrowserWindow);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('fills path parameters and skips empty query values', () => {
    expect(buildUrl({ path: '/branding/:code/:kind' }, { code: 'N B', kind: 'logo' }, { a: 1, b: undefined, c: ['x', 'y'] })).toBe(
      '/branding/N%20B/logo?a=1&c=x&c=y',
    );
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildUrl({ path: '/branding/:code/:kind' }, { code: 'NBF' })).toThrow(/kind/);
  });
});

describe('callApi', () => {
  it('sends JSON with the session cookie and parses the answer with the contract', async () => {
    const fetchMock = vi.fn(async () => buildJsonResponse(200, { success: true, lang: 'fr' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(sessionEndpoints.setLang, { query: { lang: 'fr' } })).resolves.toEqual({ success: true, lang: 'fr' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/Localisation/SetLang?lang=fr',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('keeps the user signed in when the sign-in itself is refused', async () => {
    setStoredUser(USER);
    vi.stubGlobal('fetch', async () =>
      buildJsonResponse(400, { success: false, error: 'errors.invalidCredentials', msg: 'Username or password incorrect' }),
    );
    const failure = callApi(sessionEndpoints.processLogin, { body: { UserName: 'demo.user', Password: 'wrong' } });
    await expect(failure).rejects.toMatchObject({ status: 400, key: 'errors.invalidCredentials' });
    expect(getStoredUser()).not.toBeNull();
    expect(window.location.hash).toBe('#/');
    expect(wasSessionExpired()).toBe(false);
  });

  it.each([401, 419])('sends the browser to sign-in on %i', async (status) => {
    setStoredUser(USER);
    vi.stubGlobal('fetch', async () => buildJsonResponse(status, { success: false, error: 'errors.forbidden', msg: 'no' }));
    await expect(callApi(sessionEndpoints.setLang, { query: { lang: 'en' } })).rejects.toBeInstanceOf(ApiError);
    expect(getStoredUser()).toBeNull();
    expect(window.location.hash).toBe('#/login');
    // The sign-in page says why the user is back there.
    expect(wasSessionExpired()).toBe(true);
  });

  it('treats the session-expired key as a lost session whatever the status', async () => {
    setStoredUser(USER);
    vi.stubGlobal('fetch', async () => buildJsonResponse(200, { success: false, error: 'session-expired', msg: 'Session expired' }));
    await expect(callApi(sessionEndpoints.logout)).rejects.toMatchObject({ key: 'session-expired' });
    expect(getStoredUser()).toBeNull();
  });

  it('reports a network failure as the generic error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(callApi(sessionEndpoints.logout)).rejects.toMatchObject({ status: 0, key: 'errors.unexpected' });
  });
});

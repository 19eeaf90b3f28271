import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentsEndpoints, usageReportsEndpoints } from '@portal/contract';
import { fetchFile, readFileName } from './file-transfer';
import { wasSessionExpired } from './session-expiry-notice';
import { getStoredUser, setStoredUser } from './stored-user';
import { buildJsonResponse, buildLoggedInUser, stubBrowserWindow } from './test-helpers';

const USER = buildLoggedInUser();

function fileResponse(body: string, headers: Record<string, string>): Response {
  return new Response(body, { status: 200, headers });
}

beforeEach(stubBrowserWindow);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchFile', () => {
  it('asks the contract endpoint with its typed query and keeps the server’s file name', async () => {
    const fetchMock = vi.fn(async () =>
      fileResponse('%PDF-1.7', { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="statement.pdf"' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await fetchFile(documentsEndpoints.downloadDocument, { query: { documentKey: 'a/b' } });
    expect(file.fileName).toBe('statement.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(fetchMock).toHaveBeenCalledWith(
      '/dashboard/download?documentKey=a%2Fb',
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('sends a body as JSON and reports the bytes as they arrive', async () => {
    const fetchMock = vi.fn(async () => fileResponse('zip bytes', { 'content-type': 'application/zip', 'content-length': '9' }));
    vi.stubGlobal('fetch', fetchMock);
    const progress: unknown[] = [];
    await fetchFile(documentsEndpoints.downloadList, { body: { documentKeyList: ['1', '2'] }, onProgress: (step) => progress.push(step) });
    expect(fetchMock).toHaveBeenCalledWith(
      '/dashboard/downloadList',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ documentKeyList: ['1', '2'] }) }),
    );
    expect(progress.at(0)).toEqual({ received: 0, total: 9 });
    expect(progress.at(-1)).toEqual({ received: 9, total: 9 });
  });

  it('turns a refusal into the server’s error key', async () => {
    vi.stubGlobal('fetch', async () => buildJsonResponse(404, { success: false, error: 'errors.notFound', msg: 'Not found' }));
    await expect(fetchFile(documentsEndpoints.previewDocument, { query: { documentKey: 'gone' } })).rejects.toMatchObject({
      status: 404,
      key: 'errors.notFound',
      msg: 'Not found',
    });
  });

  it('reads a JSON answer on a success status as a refusal', async () => {
    vi.stubGlobal('fetch', async () => buildJsonResponse(200, { success: false, error: 'errors.forbidden', msg: 'No' }));
    await expect(fetchFile(usageReportsEndpoints.generateUsageReport, { body: {} })).rejects.toMatchObject({ key: 'errors.forbidden' });
  });

  it('reports an answer outside the contract as the generic error', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(fetchFile(documentsEndpoints.repositoryDocument, { query: { documentId: 3, actionNum: 1 } })).rejects.toMatchObject({
      status: 502,
      key: 'errors.unexpected',
    });
  });

  it('meets a lost session as every call does: sign-in, saying why', async () => {
    setStoredUser(USER);
    expect(getStoredUser()).not.toBeNull();
    vi.stubGlobal('fetch', async () => buildJsonResponse(401, { success: false, error: 'session-expired', msg: 'Session expired' }));
    await expect(fetchFile(documentsEndpoints.previewList, { body: { documentKeyList: ['1'] } })).rejects.toMatchObject({ status: 401 });
    expect(getStoredUser()).toBeNull();
    expect(window.location.hash).toBe('#/login');
    expect(wasSessionExpired()).toBe(true);
  });
});

describe('readFileName', () => {
  it('prefers the exact UTF-8 name and falls back to the plain one', () => {
    expect(readFileName(`attachment; filename="releve.pdf"; filename*=UTF-8''relev%C3%A9.pdf`)).toBe('relevé.pdf');
    expect(readFileName('attachment; filename=usage.xlsx')).toBe('usage.xlsx');
    expect(readFileName(null)).toBeNull();
  });
});

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_ID_MAX_LENGTH } from '@portal/contract';
import { codeOf } from '../../../test-support/smtp-sink.js';
import { createIngestionApp, makePdf, READER_VALUES, sha256 } from './ingestion-fixture.js';
import { TYPES } from './documents-fixture.js';
import { DEMO_PASSWORD, type TestApp } from './test-app.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DOCUMENT_ROUTE = '/api/v1/document-types/{type}/documents/{externalId}';

/**
 * A client as a reader of the description would write it, against the types generated from it:
 * the sign-in in two steps with the session cookie, then a document sent with an API key. It is
 * type-checked before it runs, so a description that leaves out a body, a field or a refusal fails.
 */
const CLIENT_SOURCE = `
import createClient from 'openapi-fetch';
import type { paths } from './portal-api';

function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('portal_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

export function createPortalClient(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  return {
    async enterPassword(userName: string, password: string) {
      const { data, error, response } = await client.POST('/login/processlogin', { body: { UserName: userName, Password: password } });
      if (error) throw new Error(error.error);
      return { codeOwed: data.user.mfa, cookie: sessionCookieOf(response) };
    },
    async enterCode(cookie: string, code: string) {
      const { data, error, response } = await client.POST('/login/mfacodevalidation', { body: { MFACode: code }, headers: { cookie } });
      if (error) throw new Error(error.error);
      return { role: data.user.role, cookie: sessionCookieOf(response) };
    },
    async userName(cookie: string) {
      const { data, error } = await client.GET('/account/user-info', { headers: { cookie } });
      return error ? { refusal: error.error } : { userName: data.userInfo.Username };
    },
    async sendDocument(key: string, type: string, externalId: string, attributes: Record<string, string>, pdf: Blob) {
      const { data, error, response } = await client.PUT('/api/v1/document-types/{type}/documents/{externalId}', {
        params: { path: { type, externalId } },
        headers: { authorization: 'Bearer ' + key },
        body: { metadata: { documentDate: '2026-03-01', language: 'fr', attributes }, file: pdf },
        bodySerializer(body) {
          const form = new FormData();
          form.append('metadata', JSON.stringify(body.metadata));
          form.append('file', body.file, externalId + '.pdf');
          return form;
        },
      });
      return error
        ? { status: response.status, refusal: error.error, field: error.field }
        : { status: response.status, outcome: data.data.outcome, version: data.data.version };
    },
    async readDocument(key: string, type: string, externalId: string) {
      const { data, error } = await client.GET('/api/v1/document-types/{type}/documents/{externalId}', {
        params: { path: { type, externalId } },
        headers: { authorization: 'Bearer ' + key },
      });
      if (error) throw new Error(error.error);
      return { contentHash: data.data.contentHash, language: data.data.language };
    },
  };
}
`;

/** What the client above offers, as this test calls it once it is compiled. */
interface PortalClient {
  enterPassword(userName: string, password: string): Promise<{ codeOwed: boolean; cookie: string }>;
  enterCode(cookie: string, code: string): Promise<{ role: string; cookie: string }>;
  userName(cookie: string): Promise<{ refusal?: string; userName?: string }>;
  sendDocument(
    key: string,
    type: string,
    externalId: string,
    attributes: Record<string, string>,
    pdf: Blob,
  ): Promise<{ status: number; outcome?: string; version?: number; refusal?: string; field?: string }>;
  readDocument(key: string, type: string, externalId: string): Promise<{ contentHash: string; language: string }>;
}

interface Answer {
  content: Record<string, { schema: unknown }>;
}
interface Operation {
  security?: unknown;
  parameters: { name: string; schema: { maxLength?: number } }[];
  requestBody?: { content: Record<string, { encoding?: unknown }> };
  responses: Record<string, Answer | undefined>;
}
interface Description {
  components: { securitySchemes: unknown };
  paths: Record<string, Record<string, Operation>>;
}

/** One operation of the description, which the test expects to be there. */
function operationOf(description: Description, method: string, route: string): Operation {
  const operation = description.paths[route]?.[method];
  if (!operation) throw new Error(`${method} ${route} is not described`);
  return operation;
}
const errorShapeOf = (operation: Operation, status: number) => operation.responses[String(status)]?.content['application/json']?.schema;

/** The generated types and the client, type-checked together: each error message as the compiler writes it. */
function typeErrorsOf(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => `${diagnostic.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
}

let t: TestApp;
let baseUrl: string;
let keys: { key: string; foreignKey: string };
let reader: string;
let description: Description;
let workDir: string;

beforeAll(async () => {
  const created = await createIngestionApp();
  t = created.t;
  keys = created.fixture;
  reader = created.fixture.reader;
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  description = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as Description;
  // Inside the project's node_modules, so the client finds openapi-fetch as any project would.
  await mkdir(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  workDir = await mkdtemp(path.join(ROOT, 'node_modules/.cache/openapi-client-'));
});

afterAll(async () => {
  await t?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the OpenAPI description served at /api/docs/json', () => {
  it('names how each call is opened: the session cookie, or the API key as a bearer token', () => {
    expect(description.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
      apiKey: { type: 'http', scheme: 'bearer' },
    });
    expect(operationOf(description, 'put', DOCUMENT_ROUTE).security).toEqual([{ apiKey: [] }]);
    expect(operationOf(description, 'get', '/account/user-info').security).toEqual([{ session: [] }]);
    expect(operationOf(description, 'post', '/login/processlogin').security).toEqual([]);
  });

  it('describes the bodies and answers that are not JSON: the document upload part by part, files sent and received as they are', () => {
    const upload = operationOf(description, 'put', DOCUMENT_ROUTE).requestBody?.content['multipart/form-data'];
    expect(upload?.encoding).toEqual({ metadata: { contentType: 'application/json' }, file: { contentType: 'application/pdf' } });
    const repositoryFile = operationOf(description, 'put', '/api/console/clients/{clientId}/repository/{id}/files/{language}');
    expect(Object.keys(repositoryFile.requestBody?.content ?? {})).toEqual(['application/pdf']);
    const brandImage = operationOf(description, 'put', '/api/console/experiences/{experienceId}/images/{kind}');
    expect(Object.keys(brandImage.requestBody?.content ?? {})).toEqual(expect.arrayContaining(['image/png', 'image/jpeg']));
    expect(Object.keys(operationOf(description, 'get', '/dashboard/download').responses['200']?.content ?? {})).toEqual([
      'application/pdf',
    ]);
    expect(Object.keys(operationOf(description, 'post', '/dashboard/downloadList').responses['200']?.content ?? {})).toEqual([
      'application/zip',
    ]);
  });

  it('states the external id as it is enforced, and the refusals of each call in their shape', () => {
    const put = operationOf(description, 'put', DOCUMENT_ROUTE);
    expect(put.parameters.find((parameter) => parameter.name === 'externalId')?.schema.maxLength).toBe(EXTERNAL_ID_MAX_LENGTH);
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '413', '429', '500', '503']));
    expect(errorShapeOf(put, 400)).toEqual({ $ref: '#/components/schemas/IngestionErrorResponse' });
    const signIn = operationOf(description, 'post', '/login/processlogin');
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(['400', '429']));
    expect(signIn.responses['401']).toBeUndefined();
    expect(errorShapeOf(signIn, 400)).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    const managedUser = operationOf(description, 'get', '/api/usermanagement/users/{id}');
    expect(Object.keys(managedUser.responses)).toEqual(expect.arrayContaining(['401', '403', '404']));
  });

  it('gives a generated client what it needs to sign in and to send a document', async () => {
    const generated = astToString(
      await openapiTS(description as never, {
        // A file part is a Blob to the client that sends it.
        transform: (schema) => (schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : undefined),
      }),
    );
    await writeFile(path.join(workDir, 'portal-api.d.ts'), generated);
    const clientFile = path.join(workDir, 'portal-client.ts');
    await writeFile(clientFile, CLIENT_SOURCE);
    expect(typeErrorsOf([clientFile])).toEqual([]);

    const compiled = ts.transpileModule(CLIENT_SOURCE, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    const moduleFile = path.join(workDir, 'portal-client.mjs');
    await writeFile(moduleFile, compiled.outputText);
    const { createPortalClient } = (await import(pathToFileURL(moduleFile).href)) as { createPortalClient: (url: string) => PortalClient };
    const client = createPortalClient(baseUrl);

    const before = t.smtp.messages.length;
    const pending = await client.enterPassword(reader, DEMO_PASSWORD);
    expect(pending.codeOwed).toBe(true);
    expect(await client.userName(pending.cookie)).toEqual({ refusal: 'errors.mfaRequired' });
    const mail = await t.smtp.waitFor(`${reader}@example.com`, { after: before });
    const session = await client.enterCode(pending.cookie, codeOf(mail));
    expect(session.role).toBe('USER');
    expect(await client.userName(session.cookie)).toEqual({ userName: reader });

    const pdf = await makePdf('sent through the generated client');
    const type = TYPES.statements.code;
    const sent = await client.sendDocument(
      keys.key,
      type,
      'generated-1',
      READER_VALUES,
      new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
    );
    expect(sent).toEqual({ status: 201, outcome: 'created', version: 1 });
    expect(await client.readDocument(keys.key, type, 'generated-1')).toEqual({ contentHash: sha256(pdf), language: 'fr' });
    const refused = await client.sendDocument(keys.foreignKey, type, 'generated-2', READER_VALUES, new Blob([new Uint8Array(pdf)]));
    expect(refused).toMatchObject({ status: 404, refusal: 'errors.documentTypeUnknown' });
  });

  it('passes Spectral’s OpenAPI rules as the project sets them, without an error or a warning', async () => {
    const documentFile = path.join(workDir, 'openapi.json');
    await writeFile(documentFile, JSON.stringify(description));
    const findingsFile = path.join(workDir, 'findings.json');
    const arguments_ = ['lint', documentFile, '--ruleset', path.join(ROOT, '.spectral.yaml'), '--fail-severity', 'hint'];
    const exitCode = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/spectral'),
      [...arguments_, '--format', 'json', '--output', findingsFile],
      {
        cwd: ROOT,
      },
    ).then(
      () => 0,
      (failure: { code?: number }) => failure.code ?? 1,
    );
    const findings = JSON.parse(await readFile(findingsFile, 'utf8')) as { code: string; message: string; path: string[] }[];
    expect(findings.map(({ code, message, path: at }) => `${code} at ${at.join('.')}: ${message}`)).toEqual([]);
    expect(exitCode).toBe(0);
  });
});

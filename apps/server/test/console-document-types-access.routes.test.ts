import { describe, expect, it } from 'vitest';
import { CONSOLE_DOCUMENT_TYPE_ERROR_KEYS as KEYS, endpoints } from '@portal/contract';
import { attributeSettings, openDocumentTypesFixture, typeSettings } from './console-document-types-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { answerOf, refusalOf } from './wire.js';

const editor = useFixture(openDocumentTypesFixture);

describe('who may edit document types', () => {
  it('lists any client’s types to a super user, and its own client’s to internal staff', async () => {
    const nbf = answerOf(endpoints.listConsoleDocumentTypes, await editor.as('demo.super').list(editor.clientIds.NBF!)).data;
    expect(nbf.map((type) => type.code)).toEqual(['NBF-STMT', 'NBF-TAX', 'NBF-NOTICE']);
    expect(nbf[0]!.attributes.map((a) => a.name)).toContain('closingBalance');
    expect(nbf[0]).toMatchObject({ sortBy: 'date', sortDesc: true, retentionDays: null });
    const own = answerOf(endpoints.listConsoleDocumentTypes, await editor.as('demo.internal').list(editor.clientIds.NBF!)).data;
    expect(own.map((type) => type.code)).toEqual(nbf.map((type) => type.code));
  });

  it('refuses internal staff another client, and every other role, before reading the request', async () => {
    const lau = await editor.typeOf('LAU-BILL');
    for (const [username, request] of [
      ['demo.internal', editor.as('demo.internal').list(editor.clientIds.LAU!)],
      ['demo.internal', editor.as('demo.internal').updateType(editor.clientIds.LAU!, lau.id, typeSettings(lau))],
      // A junk body to a client out of reach: 403, not a 400 that describes the schema.
      ['demo.internal', editor.as('demo.internal').updateAttribute(editor.clientIds.LAU!, lau.id, lau.attributes[0]!.id, { junk: true })],
      ['demo.internal', editor.as('demo.internal').reorder(editor.clientIds.LAU!, lau.id, [])],
      ['demo.admin', editor.as('demo.admin').list(editor.clientIds.NBF!)],
      ['lau.admin', editor.as('lau.admin').updateType(editor.clientIds.LAU!, lau.id, { junk: true })],
      ['demo.user', editor.as('demo.user').updateAttribute(editor.clientIds.LAU!, lau.id, lau.attributes[0]!.id, {})],
    ] as const) {
      const refused = await request;
      expect(refused.statusCode, username).toBe(403);
      expect(refusalOf(refused).error).toBe('errors.forbidden');
    }
  });

  it('answers 404 for a type of another client named under this one', async () => {
    const lau = await editor.typeOf('LAU-BILL');
    const refused = await editor.as('demo.super').updateType(editor.clientIds.NBF!, lau.id, typeSettings(lau));
    expect(refused.statusCode).toBe(404);
    expect(refusalOf(refused).error).toBe(KEYS.documentTypeNotFound);
    const attribute = await editor
      .as('demo.super')
      .updateAttribute(editor.clientIds.NBF!, (await editor.typeOf('NBF-TAX')).id, lau.attributes[0]!.id, {
        ...attributeSettings(lau.attributes[0]!),
      });
    expect(refusalOf(attribute).error).toBe(KEYS.attributeNotFound);
  });
});

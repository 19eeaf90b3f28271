import { describe, expect, it } from 'vitest';
import { CONSOLE_DOCUMENT_TYPE_ERROR_KEYS as KEYS, endpoints } from '@portal/contract';
import { insertDocuments, insertReportDefinition } from '../src/db/seed/factories.js';
import { attributeSettings, openDocumentTypesFixture, typeSettings } from './console-document-types-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { answerOf, refusalOf } from './wire.js';

const editor = useFixture(openDocumentTypesFixture);

describe('an attribute’s settings', () => {
  it('renames an attribute and hides its column, as the user’s list shows, audited before and after', async () => {
    const type = await editor.typeOf('NBF-STMT');
    const attribute = type.attributes.find((a) => a.name === 'closingBalance')!;
    const renamed = { ...attributeSettings(attribute), displayNameEn: 'Balance at close', displayNameFr: 'Solde à la clôture' };
    answerOf(
      endpoints.updateConsoleAttribute,
      await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, renamed),
    );
    let page = answerOf(endpoints.reportData, await editor.as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.Attributes.find((a) => a.Name === 'closingBalance')).toMatchObject({
      DisplayNameEN: 'Balance at close',
      DisplayNameFR: 'Solde à la clôture',
      ShowInColumn: true,
    });
    expect(page.Config.DisplayedAttributes).toContain('closingBalance');
    const audit = await editor.lastAudit('updateAttribute');
    expect(audit.client_id).toBe(editor.clientIds.NBF);
    expect(audit.before).toMatchObject({ name: 'closingBalance', displayNameEn: attribute.displayNameEn });
    expect(audit.after).toMatchObject({ name: 'closingBalance', displayNameEn: 'Balance at close' });

    answerOf(
      endpoints.updateConsoleAttribute,
      await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, { ...renamed, showInColumn: false }),
    );
    page = answerOf(endpoints.reportData, await editor.as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.DisplayedAttributes).not.toContain('closingBalance');
    answerOf(
      endpoints.updateConsoleAttribute,
      await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, attributeSettings(attribute)),
    );
  });

  it('gives values that are words both languages, seen in the user’s list, and refuses blank, repeated or too many', async () => {
    const type = await editor.typeOf('NBF-NOTICE');
    const attribute = type.attributes.find((a) => a.name === 'noticeType')!;
    // The demo's notice types are words, with their French.
    expect(attribute.valueLabels).toContainEqual({ value: 'Renewal', en: 'Renewal', fr: 'Renouvellement' });
    const labels = [
      { value: 'Renewal', en: 'Renewal notice', fr: '  Avis de renouvellement ' },
      { value: 'Privacy', en: 'Privacy', fr: 'Confidentialité' },
    ];
    const saved = answerOf(
      endpoints.updateConsoleAttribute,
      await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, {
        ...attributeSettings(attribute),
        valueLabels: labels,
      }),
    );
    expect(saved.data.attributes.find((a) => a.id === attribute.id)!.valueLabels).toEqual([
      { value: 'Renewal', en: 'Renewal notice', fr: 'Avis de renouvellement' },
      labels[1],
    ]);
    const page = answerOf(endpoints.reportData, await editor.as('demo.user').reportData('NBF-NOTICE'));
    expect(page.Config.Attributes.find((a) => a.Name === 'noticeType')!.ValueLabels).toEqual([
      { Value: 'Renewal', LabelEn: 'Renewal notice', LabelFr: 'Avis de renouvellement' },
      { Value: 'Privacy', LabelEn: 'Privacy', LabelFr: 'Confidentialité' },
    ]);
    // Values stay as documents carry them; an attribute without words says nothing of them.
    expect(page.Results.some((row) => row.noticeType === 'Renewal')).toBe(true);
    expect(page.Config.Attributes.find((a) => a.Name === 'accountNumber')).not.toHaveProperty('ValueLabels');
    // Left out, the words stay.
    answerOf(
      endpoints.updateConsoleAttribute,
      await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, attributeSettings(attribute)),
    );
    expect((await editor.typeOf('NBF-NOTICE')).attributes.find((a) => a.id === attribute.id)!.valueLabels).toHaveLength(2);

    const refused = async (valueLabels: unknown, key: string) => {
      const answer = await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, {
        ...attributeSettings(attribute),
        valueLabels,
      });
      expect(answer.statusCode, key).toBe(400);
      const refusal = refusalOf(answer);
      expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)], key).toContain(key);
    };
    await refused([{ value: ' ', en: 'A', fr: 'B' }], KEYS.valueRequired);
    await refused([{ value: 'Renewal', en: 'Renewal', fr: '' }], KEYS.valueLabelRequired);
    await refused([labels[1], labels[1]], KEYS.valueLabelDuplicate);
    await refused(
      Array.from({ length: 101 }, (_, i) => ({ value: `V${i}`, en: 'A', fr: 'B' })),
      KEYS.valueLabelsTooMany,
    );
    expect((await editor.typeOf('NBF-NOTICE')).attributes.find((a) => a.id === attribute.id)!.valueLabels).toHaveLength(2);
    answerOf(
      endpoints.updateConsoleAttribute,
      await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, {
        ...attributeSettings(attribute),
        valueLabels: attribute.valueLabels,
      }),
    );
    expect(await editor.typeOf('NBF-NOTICE')).toEqual(type);
  });

  it('gives amounts a currency, handed to the user’s list, and refuses one not in the list', async () => {
    const type = await editor.typeOf('NBF-STMT');
    const attribute = type.attributes.find((a) => a.name === 'closingBalance')!;
    // The demo's balances are in Canadian dollars; account numbers are no amounts.
    expect(attribute.currency).toBe('CAD');
    let page = answerOf(endpoints.reportData, await editor.as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.Attributes.find((a) => a.Name === 'closingBalance')!.Currency).toBe('CAD');
    expect(page.Config.Attributes.find((a) => a.Name === 'accountNumber')).not.toHaveProperty('Currency');

    const update = (currency: unknown) =>
      editor.as('demo.super').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, { ...attributeSettings(attribute), currency });
    answerOf(endpoints.updateConsoleAttribute, await update('EUR'));
    page = answerOf(endpoints.reportData, await editor.as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.Attributes.find((a) => a.Name === 'closingBalance')!.Currency).toBe('EUR');
    answerOf(endpoints.updateConsoleAttribute, await update(null));
    page = answerOf(endpoints.reportData, await editor.as('demo.user').reportData('NBF-STMT'));
    expect(page.Config.Attributes.find((a) => a.Name === 'closingBalance')).not.toHaveProperty('Currency');

    for (const invalid of ['XYZ', 'cad', 12]) {
      const refused = await update(invalid);
      expect(refused.statusCode).toBe(400);
      const refusal = refusalOf(refused);
      expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)]).toContain(KEYS.currencyInvalid);
    }
    answerOf(endpoints.updateConsoleAttribute, await update('CAD'));
    expect(await editor.typeOf('NBF-STMT')).toEqual(type);
  });

  it('keeps the column of the attribute the list sorts by, and refuses blank names', async () => {
    const type = await editor.typeOf('NBF-TAX');
    const attribute = type.attributes.find((a) => a.name === 'slipType')!;
    answerOf(
      endpoints.updateConsoleDocumentType,
      await editor.as('demo.super').updateType(editor.clientIds.NBF!, type.id, { ...typeSettings(type), sortBy: 'slipType' }),
    );
    const hidden = await editor.as('demo.super').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, {
      ...attributeSettings(attribute),
      showInColumn: false,
    });
    expect(hidden.statusCode).toBe(400);
    expect(refusalOf(hidden).error).toBe(KEYS.attributeIsDefaultSort);
    const blank = await editor.as('demo.super').updateAttribute(editor.clientIds.NBF!, type.id, attribute.id, {
      ...attributeSettings(attribute),
      displayNameFr: ' ',
    });
    expect(blank.statusCode).toBe(400);
    const refusal = refusalOf(blank);
    expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)]).toContain(KEYS.displayNameRequired);
    answerOf(
      endpoints.updateConsoleDocumentType,
      await editor.as('demo.super').updateType(editor.clientIds.NBF!, type.id, typeSettings(type)),
    );
    expect(await editor.typeOf('NBF-TAX')).toEqual(type);
  });

  it('sorts a column as numbers, then text, or as text alone, as its ordering says, audited', async () => {
    const { db } = editor.t.database;
    const { reportId, attributeIds } = await insertReportDefinition(db, {
      client_id: editor.clientIds.NBF!,
      code: 'NBF-ORDERED',
      title_en: 'Receipts',
      title_fr: 'Reçus',
      position: 10,
      attributes: [{ name: 'receiptRef', en: 'Receipt', fr: 'Reçu' }],
    });
    await db
      .updateTable('report_definitions')
      .set({ display_properties: JSON.stringify({ sortBy: 'receiptRef', sortDesc: false }) })
      .where('id', '=', reportId)
      .execute();
    const values = ['10', 'B7', '9', '2.5', 'A12', '100'];
    await insertDocuments(
      db,
      values.map((value, i) => ({
        report_id: reportId,
        document_date: '2026-02-01',
        attributes: { receiptRef: value },
        file_key: `r-${i}.pdf`,
      })),
    );
    const listed = async () =>
      answerOf(
        endpoints.reportData,
        await editor.as('demo.internal').reportData('NBF-ORDERED', { sortBy: 'receiptRef', sortDirection: 'asc' }),
      ).Results.map((row) => row.receiptRef);

    const attribute = (await editor.typeOf('NBF-ORDERED')).attributes[0]!;
    expect(attribute.ordering).toBe('number');
    expect(await listed()).toEqual(['2.5', '9', '10', '100', 'A12', 'B7']);

    const toText = await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, reportId, attributeIds.receiptRef!, {
      ...attributeSettings(attribute),
      ordering: 'text',
    });
    expect(answerOf(endpoints.updateConsoleAttribute, toText).data.attributes[0]!.ordering).toBe('text');
    expect(await listed()).toEqual(['10', '100', '2.5', '9', 'A12', 'B7']);
    const audit = await editor.lastAudit('updateAttribute');
    expect(audit.before).toMatchObject({ name: 'receiptRef', ordering: 'number' });
    expect(audit.after).toMatchObject({ name: 'receiptRef', ordering: 'text' });

    // Left out, the ordering stays; an unknown one is refused with its key.
    answerOf(
      endpoints.updateConsoleAttribute,
      await editor
        .as('demo.internal')
        .updateAttribute(editor.clientIds.NBF!, reportId, attributeIds.receiptRef!, attributeSettings(attribute)),
    );
    expect((await editor.typeOf('NBF-ORDERED')).attributes[0]!.ordering).toBe('text');
    const junk = await editor.as('demo.internal').updateAttribute(editor.clientIds.NBF!, reportId, attributeIds.receiptRef!, {
      ...attributeSettings(attribute),
      ordering: 'alphabetical',
    });
    expect(junk.statusCode).toBe(400);
    const refusal = refusalOf(junk);
    expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)]).toContain(KEYS.orderingInvalid);
  });
});

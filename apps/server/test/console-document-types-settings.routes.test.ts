import { describe, expect, it } from 'vitest';
import { CONSOLE_DOCUMENT_TYPE_ERROR_KEYS as KEYS, endpoints } from '@portal/contract';
import { openDocumentTypesFixture, typeSettings } from './console-document-types-fixture.js';
import { useFixture } from './fixture-hooks.js';
import { answerOf, refusalOf } from './wire.js';

const editor = useFixture(openDocumentTypesFixture);

describe('a type’s settings', () => {
  it('renames a type, seen on the user’s dashboard, and audits before and after with its client', async () => {
    const before = await editor.typeOf('NBF-STMT');
    const changed = { ...typeSettings(before), titleEn: '  Monthly statements ', titleFr: 'Relevés mensuels', retentionDays: 3650 };
    const saved = answerOf(
      endpoints.updateConsoleDocumentType,
      await editor.as('demo.internal').updateType(editor.clientIds.NBF!, before.id, changed),
    ).data;
    expect(saved).toMatchObject({ titleEn: 'Monthly statements', titleFr: 'Relevés mensuels', retentionDays: 3650 });
    const dashboard = answerOf(endpoints.getReports, await editor.as('demo.user').reports());
    expect(dashboard.ReportsInfos.find((r) => r.Code === 'NBF-STMT')).toMatchObject({
      TitleEn: 'Monthly statements',
      TitleFr: 'Relevés mensuels',
    });
    const audit = await editor.lastAudit('updateDocumentType');
    expect(audit.client_id).toBe(editor.clientIds.NBF);
    expect(audit.before).toMatchObject({ titleEn: before.titleEn, retentionDays: null });
    expect(audit.after).toMatchObject({ titleEn: 'Monthly statements', retentionDays: 3650 });
    answerOf(
      endpoints.updateConsoleDocumentType,
      await editor.as('demo.super').updateType(editor.clientIds.NBF!, before.id, typeSettings(before)),
    );
    expect(typeSettings(await editor.typeOf('NBF-STMT'))).toEqual(typeSettings(before));
  });

  it('sets the default sort the user’s dashboard hands to the list', async () => {
    const before = await editor.typeOf('NBF-TAX');
    answerOf(
      endpoints.updateConsoleDocumentType,
      await editor
        .as('demo.super')
        .updateType(editor.clientIds.NBF!, before.id, { ...typeSettings(before), sortBy: 'slipType', sortDesc: false }),
    );
    const dashboard = answerOf(endpoints.getReports, await editor.as('demo.user').reports());
    expect(dashboard.ReportsInfos.find((r) => r.Code === 'NBF-TAX')!.DisplayProperties).toEqual({ sortBy: 'slipType', sortDesc: false });
    // The list sorts by it as the dashboard asks.
    const page = answerOf(
      endpoints.reportData,
      await editor.as('demo.user').reportData('NBF-TAX', { sortBy: 'slipType', sortDirection: 'asc' }),
    );
    const slips = page.Results.map((row) => String(row.slipType));
    expect(slips).toEqual([...slips].sort());
    answerOf(
      endpoints.updateConsoleDocumentType,
      await editor.as('demo.super').updateType(editor.clientIds.NBF!, before.id, typeSettings(before)),
    );
  });

  it('refuses bad titles, sorts and retentions with their keys, changing nothing', async () => {
    const before = await editor.typeOf('NBF-NOTICE');
    const cases: [object, string][] = [
      [{ titleEn: '   ' }, KEYS.titleRequired],
      [{ titleFr: 'x'.repeat(201) }, KEYS.titleTooLong],
      [{ sortBy: 'noSuchAttribute' }, KEYS.sortInvalid],
      [{ retentionDays: 0 }, 'validation.retentionDaysInvalid'],
      [{ retentionDays: 36_501 }, 'validation.retentionDaysInvalid'],
      [{ retentionDays: 1.5 }, 'validation.retentionDaysInvalid'],
    ];
    for (const [change, key] of cases) {
      const refused = await editor.as('demo.super').updateType(editor.clientIds.NBF!, before.id, { ...typeSettings(before), ...change });
      expect(refused.statusCode, key).toBe(400);
      const refusal = refusalOf(refused);
      expect([refusal.error, refusal.msg, ...(refusal.issues ?? []).map((issue) => issue.message)], key).toContain(key);
    }
    expect(await editor.typeOf('NBF-NOTICE')).toEqual(before);
  });

  it('puts attributes in a new order, shown in the list’s columns, and refuses an incomplete order', async () => {
    const before = await editor.typeOf('NBF-NOTICE');
    const reversed = before.attributes.map((a) => a.id).reverse();
    const saved = answerOf(
      endpoints.reorderConsoleAttributes,
      await editor.as('demo.super').reorder(editor.clientIds.NBF!, before.id, reversed),
    ).data;
    expect(saved.attributes.map((a) => a.id)).toEqual(reversed);
    const page = answerOf(endpoints.reportData, await editor.as('demo.user').reportData('NBF-NOTICE'));
    expect(page.Config.Attributes.map((a) => a.Name)).toEqual(saved.attributes.map((a) => a.name));
    expect((await editor.lastAudit('updateDocumentType')).after).toMatchObject({ attributeOrder: saved.attributes.map((a) => a.name) });
    for (const ids of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), 999_999]]) {
      const refused = await editor.as('demo.super').reorder(editor.clientIds.NBF!, before.id, ids);
      expect(refused.statusCode).toBe(400);
      expect(refusalOf(refused).error).toBe(KEYS.attributeOrderInvalid);
    }
    answerOf(
      endpoints.reorderConsoleAttributes,
      await editor.as('demo.super').reorder(
        editor.clientIds.NBF!,
        before.id,
        before.attributes.map((a) => a.id),
      ),
    );
  });
});

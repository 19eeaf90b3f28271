import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, NAME_RULE_MAX_LENGTH, USAGE_REPORT_ERROR_KEYS } from '@portal/contract';
import { RANGE_INCOMPLETE_KEY, createInitialDraft, toGenerateRequest, validateDraft, type UsageReportDraft } from './usage-report-draft';

const draft = (overrides: Partial<UsageReportDraft> = {}): UsageReportDraft => ({
  ...createInitialDraft('2026-03-10'),
  ...overrides,
});

describe('createInitialDraft', () => {
  it('starts on connections over the last seven days, today included', () => {
    expect(createInitialDraft('2026-03-10')).toEqual({
      type: 'connection',
      clientIds: [],
      firstNameContains: '',
      lastNameContains: '',
      emailContains: '',
      range: ['2026-03-04', '2026-03-10'],
    });
  });
});

describe('toGenerateRequest', () => {
  it("sends the contract's fields, client ids as numbers and the browser's offset unchanged", () => {
    const body = toGenerateRequest(draft({ type: 'newUsers', clientIds: ['2', '7'], emailContains: 'example' }), 300);
    expect(body).toEqual({
      clientIds: [2, 7],
      dateFrom: '2026-03-04',
      dateTo: '2026-03-10',
      type: 'newUsers',
      firstNameContains: '',
      lastNameContains: '',
      emailContains: 'example',
      timeZoneOffset: 300,
    });
  });
});

describe('validateDraft', () => {
  it('accepts the default draft when no client is required', () => {
    expect(validateDraft(draft(), { isClientRequired: false })).toEqual({});
  });

  it('requires a client of a super user', () => {
    expect(validateDraft(draft(), { isClientRequired: true })).toEqual({ clientIds: USAGE_REPORT_ERROR_KEYS.clientRequired });
    expect(validateDraft(draft({ clientIds: ['1'] }), { isClientRequired: true })).toEqual({});
  });

  it('flags a range more than three months apart, in either order, and accepts exactly three months', () => {
    const tooLong = { range: USAGE_REPORT_ERROR_KEYS.rangeTooLong };
    expect(validateDraft(draft({ range: ['2026-01-01', '2026-04-02'] }), { isClientRequired: false })).toEqual(tooLong);
    expect(validateDraft(draft({ range: ['2026-04-02', '2026-01-01'] }), { isClientRequired: false })).toEqual(tooLong);
    expect(validateDraft(draft({ range: ['2026-01-01', '2026-04-01'] }), { isClientRequired: false })).toEqual({});
  });

  it('asks for both days while only one is chosen', () => {
    expect(validateDraft(draft({ range: ['2026-01-01', null] }), { isClientRequired: false })).toEqual({ range: RANGE_INCOMPLETE_KEY });
  });

  it("applies the contract's length limits to the filters", () => {
    const errors = validateDraft(
      draft({
        firstNameContains: 'a'.repeat(NAME_RULE_MAX_LENGTH + 1),
        lastNameContains: 'b'.repeat(NAME_RULE_MAX_LENGTH),
        emailContains: 'c'.repeat(EMAIL_MAX_LENGTH + 1),
      }),
      { isClientRequired: false },
    );
    expect(errors).toEqual({ firstNameContains: 'validation.nameTooLong', emailContains: USAGE_REPORT_ERROR_KEYS.emailFilterTooLong });
  });
});

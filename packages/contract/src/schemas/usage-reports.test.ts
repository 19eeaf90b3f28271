import { describe, expect, it } from 'vitest';
import {
  GenerateUsageReportRequestSchema,
  addMonthsToIsoDate,
  getDefaultUsageReportRange,
  isUsageReportRangeTooLong,
} from './usage-reports.js';
import { isCalendarDate } from './fields.js';

describe('usage spreadsheet rules', () => {
  it('knows real days from look-alikes', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const value of ['2026-02-29', '2026-13-01', '0000-00-00', '0000-01-01', '2026-1-01', '01/03/2026', ''])
      expect(isCalendarDate(value), value).toBe(false);
  });

  it('adds months, ending on the last day of a shorter month', () => {
    expect(addMonthsToIsoDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToIsoDate('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsToIsoDate('2026-10-15', 3)).toBe('2027-01-15');
  });

  it('refuses days more than three months apart, in either order', () => {
    expect(isUsageReportRangeTooLong('2026-01-01', '2026-04-01')).toBe(false);
    expect(isUsageReportRangeTooLong('2026-01-01', '2026-04-02')).toBe(true);
    expect(isUsageReportRangeTooLong('2026-04-02', '2026-01-01')).toBe(true);
    expect(isUsageReportRangeTooLong('2026-11-30', '2027-02-28')).toBe(false);
    expect(isUsageReportRangeTooLong('2026-11-30', '2027-03-01')).toBe(true);
  });

  it('defaults to the last seven days, today included, and to the connection type', () => {
    expect(getDefaultUsageReportRange('2026-03-02')).toEqual({ dateFrom: '2026-02-24', dateTo: '2026-03-02' });
    expect(GenerateUsageReportRequestSchema.parse({})).toEqual({
      clientIds: [],
      type: 'connection',
      firstNameContains: '',
      lastNameContains: '',
      emailContains: '',
      timeZoneOffset: 0,
    });
    expect(GenerateUsageReportRequestSchema.parse({ clientIds: [3, 3, 1], emailContains: '  a@b ' })).toMatchObject({
      clientIds: [3, 1],
      emailContains: 'a@b',
    });
  });
});

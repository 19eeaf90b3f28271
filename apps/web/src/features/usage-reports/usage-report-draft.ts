import {
  usageReportsEndpoints,
  GenerateUsageReportRequestSchema,
  USAGE_REPORT_DEFAULT_TYPE,
  USAGE_REPORT_ERROR_KEYS,
  getDefaultUsageReportRange,
  isUsageReportRangeTooLong,
  type BodyOf,
  type UsageReportType,
} from '@portal/contract';

export type GenerateUsageReportBody = BodyOf<typeof usageReportsEndpoints.generateUsageReport>;

/** Two days picked in the calendar (YYYY-MM-DD); the second is null while the person is still choosing. */
export type DayRange = [string | null, string | null];

/** What the Reports screen's form holds, as typed. */
export interface UsageReportDraft {
  type: UsageReportType;
  /** Client ids as the selector gives them (strings); only a SUPER_USER chooses them. */
  clientIds: string[];
  firstNameContains: string;
  lastNameContains: string;
  emailContains: string;
  range: DayRange;
}

export type DraftField = 'clientIds' | 'firstNameContains' | 'lastNameContains' | 'emailContains' | 'range';

/** Each field's problem as a translation key; an empty object means the draft may be generated. */
export type DraftErrors = Partial<Record<DraftField, string>>;

export const RANGE_INCOMPLETE_KEY = 'usageReports.rangeIncomplete';

/** Spec section 9: connection, over the last seven days, today included. */
export function createInitialDraft(today: string): UsageReportDraft {
  const { dateFrom, dateTo } = getDefaultUsageReportRange(today);
  return {
    type: USAGE_REPORT_DEFAULT_TYPE,
    clientIds: [],
    firstNameContains: '',
    lastNameContains: '',
    emailContains: '',
    range: [dateFrom, dateTo],
  };
}

/**
 * The body of POST /reports/generate. timeZoneOffset is the browser's getTimezoneOffset(), passed
 * through unchanged: the contract defines it as UTC minus local time, in minutes.
 */
export function toGenerateRequest(draft: UsageReportDraft, timeZoneOffset: number): GenerateUsageReportBody {
  return {
    clientIds: draft.clientIds.map(Number),
    dateFrom: draft.range[0],
    dateTo: draft.range[1],
    type: draft.type,
    firstNameContains: draft.firstNameContains,
    lastNameContains: draft.lastNameContains,
    emailContains: draft.emailContains,
    timeZoneOffset,
  };
}

/**
 * The spec's rules of the Reports screen (section 5): the contract's field rules, a client for a
 * SUPER_USER, both days chosen, and no more than three months between them.
 */
export function validateDraft(draft: UsageReportDraft, options: { isClientRequired: boolean }): DraftErrors {
  const errors: DraftErrors = {};
  const parsed = GenerateUsageReportRequestSchema.safeParse(toGenerateRequest(draft, 0));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOfIssue(issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  if (options.isClientRequired && draft.clientIds.length === 0) errors.clientIds ??= USAGE_REPORT_ERROR_KEYS.clientRequired;

  const [first, last] = draft.range;
  if (!first || !last) errors.range ??= RANGE_INCOMPLETE_KEY;
  else if (isUsageReportRangeTooLong(first, last)) errors.range ??= USAGE_REPORT_ERROR_KEYS.rangeTooLong;
  return errors;
}

function fieldOfIssue(segment: PropertyKey | undefined): DraftField | null {
  switch (segment) {
    case 'clientIds':
    case 'firstNameContains':
    case 'lastNameContains':
    case 'emailContains':
      return segment;
    case 'dateFrom':
    case 'dateTo':
      return 'range';
    default:
      return null;
  }
}

import {
  AUDIT_FILTER_TEXT_MAX_LENGTH,
  CONSOLE_AUDIT_ERROR_KEYS,
  isAuditRangeTooLong,
  type AuditActionName,
  type AuditFilterInput,
} from '@portal/contract';

/** The filter form as typed, before it is applied. */
export interface AuditFilterDraft {
  /** A client's id as the select holds it; null: every client the person may read. */
  clientId: string | null;
  action: AuditActionName | null;
  actor: string;
  target: string;
  range: [string | null, string | null];
}

export const EMPTY_AUDIT_FILTERS: AuditFilterDraft = { clientId: null, action: null, actor: '', target: '', range: [null, null] };

/** The translation key of what is wrong with the form, field by field; empty when it may be applied. */
export function checkAuditFilters(draft: AuditFilterDraft): { range?: string; actor?: string; target?: string } {
  const [from, to] = draft.range;
  return {
    ...(from && to && isAuditRangeTooLong(from, to) && { range: CONSOLE_AUDIT_ERROR_KEYS.rangeTooLong }),
    ...(draft.actor.trim().length > AUDIT_FILTER_TEXT_MAX_LENGTH && { actor: CONSOLE_AUDIT_ERROR_KEYS.filterTooLong }),
    ...(draft.target.trim().length > AUDIT_FILTER_TEXT_MAX_LENGTH && { target: CONSOLE_AUDIT_ERROR_KEYS.filterTooLong }),
  };
}

/** The filters as the list and the export take them; days are the person's own (its time zone). */
export function toAuditQuery(draft: AuditFilterDraft, timeZoneOffset: number): AuditFilterInput {
  const text = (value: string) => value.trim() || undefined;
  return {
    clientId: draft.clientId === null ? undefined : Number(draft.clientId),
    action: draft.action ?? undefined,
    actor: text(draft.actor),
    target: text(draft.target),
    dateFrom: draft.range[0] ?? undefined,
    dateTo: draft.range[1] ?? draft.range[0] ?? undefined,
    timeZoneOffset,
  };
}

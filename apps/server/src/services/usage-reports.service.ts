import {
  USAGE_REPORT_ERROR_KEYS,
  USAGE_REPORT_TYPES,
  addDaysToIsoDate,
  getDefaultUsageReportRange,
  isUsageReportRangeTooLong,
  type GenerateUsageReportRequest,
  type Locale,
  type UsageReportType,
} from '@portal/contract';
import type { ConnectionUsageRow, UsageFilter, UsageReportsRepository, UserUsageRow } from '../db/repositories/usage-reports.repository.js';
import { AppError, forbidden } from '../errors.js';
import type { ClientScope } from '../domain/client-scope.js';
import { getUsageReportClientScope, type Actor } from './permissions.js';
import {
  describeLanguage,
  describeResult,
  describeTimeZone,
  describeUserStatus,
  usageReportHeader,
  usageReportTitle,
  type UsageReportColumn,
} from './usage-report-texts.js';
import { startBatches, type Spreadsheet, type SpreadsheetCell, type SpreadsheetColumn } from './usage-spreadsheet.js';

const MINUTE_MS = 60_000;
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

export interface UsageReportFile extends Spreadsheet {
  fileName: string;
}

/** A client a spreadsheet may be made of, named in both languages. */
export type UsageReportClient = Awaited<ReturnType<UsageReportsRepository['listClients']>>[number];

function requireUsageReportScope(actor: Actor): ClientScope {
  const scope = getUsageReportClientScope(actor);
  if (!scope) throw forbidden();
  return scope;
}

/** Maps repository batches to spreadsheet rows, lazily. */
async function* mapBatches<T>(source: AsyncIterable<T[]>, toCells: (row: T) => SpreadsheetCell[]): AsyncGenerator<SpreadsheetCell[][]> {
  for await (const batch of source) yield batch.map(toCells);
}

/**
 * Usage spreadsheets: who signed in, who has an account, who was added. SUPER_USER reports on the
 * clients it picks, INTERNAL on its own client only, nobody else at all.
 */
export function createUsageReportsService(deps: { usageReports: UsageReportsRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  /** The clients of the spreadsheet: those picked by a SUPER_USER (which must exist), or an INTERNAL's own. */
  async function resolveClientIds(scope: ClientScope, requested: number[]): Promise<number[]> {
    if (scope.kind === 'ownClient') {
      if (requested.some((id) => id !== scope.clientId)) throw forbidden();
      return [scope.clientId];
    }
    if (requested.length === 0) {
      throw new AppError(400, USAGE_REPORT_ERROR_KEYS.clientRequired, 'Choose at least one client.');
    }
    const existing = await deps.usageReports.existingClientIds(requested);
    if (existing.length !== requested.length) {
      throw new AppError(400, USAGE_REPORT_ERROR_KEYS.clientUnknown, 'One of the chosen clients does not exist.');
    }
    return requested;
  }

  /** The two days in order, defaulted, checked; and the instants that bound them in the requester's time zone. */
  function resolveRange(request: GenerateUsageReportRequest) {
    const offsetMs = request.timeZoneOffset * MINUTE_MS;
    const today = new Date(now().getTime() - offsetMs).toISOString().slice(0, 10);
    const defaults = getDefaultUsageReportRange(request.dateTo ?? today);
    const given = [request.dateFrom ?? defaults.dateFrom, request.dateTo ?? (request.dateFrom ? today : defaults.dateTo)];
    const [dateFrom, dateTo] = given.sort() as [string, string];
    if (isUsageReportRangeTooLong(dateFrom, dateTo)) {
      throw new AppError(400, USAGE_REPORT_ERROR_KEYS.rangeTooLong, 'The date range cannot exceed 3 months.');
    }
    // Local midnight is UTC midnight plus the offset (getTimezoneOffset() is UTC minus local time).
    const from = new Date(Date.parse(`${dateFrom}T00:00:00Z`) + offsetMs);
    const to = new Date(Date.parse(`${addDaysToIsoDate(dateTo, 1)}T00:00:00Z`) + offsetMs);
    return { dateFrom, dateTo, from, to };
  }

  function spreadsheetOf(type: UsageReportType, filter: UsageFilter, language: Locale, timeZoneOffset: number) {
    /** Excel has no time zones: a time is written as the wall-clock time of the requester's zone. */
    const local = (instant: Date | null) => (instant ? new Date(instant.getTime() - timeZoneOffset * MINUTE_MS) : null);
    const zone = describeTimeZone(timeZoneOffset);
    const text = (column: UsageReportColumn, width: number): SpreadsheetColumn => ({
      header: usageReportHeader(column, language),
      width,
    });
    const time = (column: UsageReportColumn): SpreadsheetColumn => ({
      header: `${usageReportHeader(column, language)} (${zone})`,
      width: 24,
      numFmt: DATE_TIME_FORMAT,
    });
    const person = [
      text('username', 24),
      text('firstName', 18),
      text('lastName', 18),
      text('email', 32),
      text('role', 20),
      text('client', 24),
      text('division', 24),
    ];
    const personCells = (row: ConnectionUsageRow | UserUsageRow): SpreadsheetCell[] => [
      row.username,
      row.first_name,
      row.last_name,
      row.email,
      language === 'fr' ? row.role_fr : row.role_en,
      language === 'fr' ? row.client_fr : row.client_en,
      language === 'fr' ? row.division_fr : row.division_en,
    ];

    if (type === 'connection') {
      return {
        columns: [time('dateTime'), text('result', 20), ...person, text('device', 28), text('ip', 18)],
        batches: mapBatches(deps.usageReports.connectionBatches(filter), (row: ConnectionUsageRow) => [
          local(row.occurred_at),
          describeResult(row.reason, row.succeeded, language),
          ...personCells(row),
          row.device_id,
          row.ip,
        ]),
      };
    }
    return {
      columns: [
        text('id', 8),
        ...person,
        text('language', 12),
        time('createdAt'),
        time('lastSignIn'),
        text('status', 12),
        time('deletedAt'),
      ],
      batches: mapBatches(deps.usageReports.userBatches(filter, type === 'newUsers' ? 'created' : 'existing'), (row: UserUsageRow) => [
        row.user_id,
        ...personCells(row),
        describeLanguage(row.contact_language, language),
        local(row.created_at),
        local(row.last_login_at),
        describeUserStatus(Boolean(row.deleted_at), language),
        local(row.deleted_at),
      ]),
    };
  }

  return {
    /** The clients the person may pick: any (SUPER_USER), or its own (INTERNAL). */
    async listClients(actor: Actor): Promise<UsageReportClient[]> {
      const scope = requireUsageReportScope(actor);
      return deps.usageReports.listClients(scope.kind === 'ownClient' ? scope.clientId : null);
    },

    listTypes(actor: Actor): readonly UsageReportType[] {
      requireUsageReportScope(actor);
      return USAGE_REPORT_TYPES;
    },

    /**
     * Checks everything that can be refused, then reads the first batch, before a byte is sent; the
     * rest of the rows are read while the file streams.
     */
    async generate(actor: Actor, request: GenerateUsageReportRequest, language: Locale): Promise<UsageReportFile> {
      const scope = requireUsageReportScope(actor);
      const clientIds = await resolveClientIds(scope, request.clientIds);
      const range = resolveRange(request);
      const filter: UsageFilter = {
        clientIds,
        from: range.from,
        to: range.to,
        firstNameContains: request.firstNameContains,
        lastNameContains: request.lastNameContains,
        emailContains: request.emailContains,
      };
      const sheet = spreadsheetOf(request.type, filter, language, request.timeZoneOffset);
      return {
        fileName: `usage-${request.type}-${range.dateFrom}_${range.dateTo}.xlsx`,
        sheetName: usageReportTitle(request.type, language),
        columns: sheet.columns,
        batches: await startBatches(sheet.batches),
      };
    },
  };
}
export type UsageReportsService = ReturnType<typeof createUsageReportsService>;

import {
  AUDIT_EXPORT_MAX_ROWS,
  CONSOLE_AUDIT_ERROR_KEYS,
  ERROR_KEYS,
  addDaysToIsoDate,
  isAuditRangeTooLong,
  type AuditActionName,
  type AuditFilter,
  type AuditListQuery,
  type Locale,
} from '@portal/contract';
import type { AuditAction } from '../db/repositories/audit-log.repository.js';
import type { AuditLogReaderRepository, AuditLogRow, AuditReadFilter } from '../db/repositories/audit-log-reader.repository.js';
import { SECRET_PROPERTY_NAMES } from '../db/repositories/audit-log-reader.repository.js';
import { isClientInScope } from '../domain/client-scope.js';
import { AppError, forbidden } from '../errors.js';
import { serverText, type ServerTextNamesIn } from '../i18n/server-texts.js';
import { requireTenantScope, type Actor } from './permissions.js';
import { startBatches } from './usage-spreadsheet.js';

/**
 * The kinds of change the log records and the kinds the console offers to filter by are one list:
 * a kind added to AuditAction (audit-log.repository.ts) must be added to the contract's AUDIT_ACTIONS
 * too, or this stops compiling.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const auditActionsMatch: Same<AuditAction, AuditActionName> = true;
void auditActionsMatch;

const MINUTE_MS = 60_000;
const SECRET_NAMES = new Set<string>(SECRET_PROPERTY_NAMES);

/** Whether a property's name says it may hold a secret (password, token, hash, one-time code…). */
export function isSecretPropertyName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase());
}

/**
 * A snapshot without any property, at any depth, whose name looks like a secret. Writers never
 * put one there; this makes sure that no entry written otherwise ever shows one.
 */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([name]) => !isSecretPropertyName(name))
      .map(([name, field]) => [name, redactSecrets(field)]),
  );
}

/** An entry as the console shows it: a row of the log, its snapshots without secrets. */
export type AuditViewEntry = AuditLogRow;

function redactRow(row: AuditLogRow): AuditViewEntry {
  return { ...row, before: redactSecrets(row.before) as AuditLogRow['before'], after: redactSecrets(row.after) as AuditLogRow['after'] };
}

/** A spreadsheet program runs a cell that starts like a formula: such a cell is written as text. */
export function guardCsvFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV cell (RFC 4180): always quoted, its quotes doubled, formula-looking text disarmed. */
export function toCsvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : guardCsvFormula(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsvLine(cells: (string | number | null)[]): string {
  return `${cells.map(toCsvCell).join(',')}\r\n`;
}

/** Tells Excel the file is UTF-8, so that accents read right. */
const UTF8_BOM = '\uFEFF';

type AuditCsvColumn = ServerTextNamesIn<'auditLog.headers'>;
const CSV_COLUMNS: AuditCsvColumn[] = [
  'id',
  'occurredAt',
  'action',
  'actorUsername',
  'actorName',
  'targetUsername',
  'targetName',
  'client',
  'before',
  'after',
];

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}

function csvCellsOf(entry: AuditViewEntry, language: Locale): (string | number | null)[] {
  const hasActor = entry.actor_username !== null;
  return [
    entry.id,
    entry.occurred_at.toISOString(),
    entry.action,
    entry.actor_username,
    hasActor ? fullName(entry.actor_first_name, entry.actor_last_name) : serverText(language, 'auditLog.systemActor'),
    entry.target_username,
    fullName(entry.target_first_name, entry.target_last_name),
    entry.client_code === null ? null : `${language === 'fr' ? entry.client_name_fr : entry.client_name_en} (${entry.client_code})`,
    entry.before === null ? null : JSON.stringify(entry.before),
    entry.after === null ? null : JSON.stringify(entry.after),
  ];
}

export interface AuditExportFile {
  fileName: string;
  /** The file's text, a batch of lines at a time, read only as fast as the client takes it. */
  chunks: AsyncIterable<string>;
}

export interface AuditPage {
  entries: AuditViewEntry[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * The tenant console's audit log: SUPER_USER reads every client's entries, INTERNAL only those of
 * its own client. Snapshots never show a secret.
 */
export function createAuditLogViewerService(deps: { auditReader: AuditLogReaderRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  /** The filter as the repository reads it, once the caller may see what it asks for. */
  async function resolveFilter(actor: Actor, input: AuditFilter): Promise<AuditReadFilter> {
    const scope = requireTenantScope(actor);
    if (input.clientId !== undefined) {
      if (!isClientInScope(scope, input.clientId)) throw forbidden();
      if (!(await deps.auditReader.clientExists(input.clientId))) {
        throw new AppError(400, ERROR_KEYS.clientUnknown, 'This client does not exist.');
      }
    }
    const days = [input.dateFrom, input.dateTo].filter((day): day is string => day !== undefined).sort();
    const [dateFrom, dateTo] = days.length === 2 ? days : [input.dateFrom, input.dateTo];
    if (dateFrom !== undefined && dateTo !== undefined && isAuditRangeTooLong(dateFrom, dateTo)) {
      throw new AppError(400, CONSOLE_AUDIT_ERROR_KEYS.rangeTooLong, 'The dates cannot be more than 366 days apart.');
    }
    // Local midnight is UTC midnight plus the offset (getTimezoneOffset() is UTC minus local time).
    const offsetMs = input.timeZoneOffset * MINUTE_MS;
    const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + offsetMs);
    return {
      scope,
      clientId: input.clientId ?? null,
      actorContains: input.actor ?? null,
      action: input.action ?? null,
      targetContains: input.target ?? null,
      from: dateFrom === undefined ? null : startOf(dateFrom),
      to: dateTo === undefined ? null : startOf(addDaysToIsoDate(dateTo, 1)),
      order: input.sort,
    };
  }

  /** The header goes with the first batch, so that a query that cannot run fails before any byte is sent. */
  async function* csvChunks(filter: AuditReadFilter, language: Locale): AsyncGenerator<string> {
    let header = UTF8_BOM + toCsvLine(CSV_COLUMNS.map((column) => serverText(language, `auditLog.headers.${column}`)));
    for await (const batch of deps.auditReader.batches(filter, AUDIT_EXPORT_MAX_ROWS)) {
      yield header + batch.map((row) => toCsvLine(csvCellsOf(redactRow(row), language))).join('');
      header = '';
    }
    if (header) yield header;
  }

  return {
    /** The clients whose entries the caller may read: every client (SUPER_USER) or its own (INTERNAL). */
    clients(actor: Actor) {
      return deps.auditReader.clients(requireTenantScope(actor));
    },

    async list(actor: Actor, query: AuditListQuery): Promise<AuditPage> {
      const filter = await resolveFilter(actor, query);
      const [rows, total] = await Promise.all([
        deps.auditReader.page(filter, (query.page - 1) * query.perPage, query.perPage),
        deps.auditReader.count(filter),
      ]);
      return { entries: rows.map(redactRow), total, page: query.page, perPage: query.perPage };
    },

    /**
     * Checks everything that can be refused and reads the first batch before a byte is sent; the
     * rest is read as the file streams, at most AUDIT_EXPORT_MAX_ROWS entries.
     */
    async export(actor: Actor, query: AuditFilter, language: Locale): Promise<AuditExportFile> {
      const filter = await resolveFilter(actor, query);
      const today = now().toISOString().slice(0, 10);
      return { fileName: `audit-log-${today}.csv`, chunks: await startBatches(csvChunks(filter, language)) };
    },
  };
}
export type AuditLogViewerService = ReturnType<typeof createAuditLogViewerService>;

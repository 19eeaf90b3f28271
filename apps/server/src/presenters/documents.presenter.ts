import type { GetReportsResponseSchema, ReportDataResponseSchema, ReportInfo, SearchAttributesResponseSchema } from '@portal/contract';
import type { z } from 'zod/mini';
import type { DocumentReader } from '../db/repositories/acknowledgements.repository.js';
import type { DocumentNotice } from '../db/repositories/notices.repository.js';
import type { ReportAttribute } from '../db/repositories/documents.repository.js';
import type { UserWithOrganisation } from '../db/repositories/users.repository.js';
import type { ReportPage, ReportSummary, SearchableAttributes } from '../services/documents.service.js';

/** The dashboard's types with their counts, and the person's onboarding and experience. */
export function presentReports(user: UserWithOrganisation, reports: ReportSummary[]): z.input<typeof GetReportsResponseSchema> {
  return {
    success: true,
    ReportsInfos: reports.map(presentReportInfo),
    HasOnboarding: user.onboarding_enabled,
    Experience: user.experience_code,
  };
}

function presentReportInfo({ report, total, viewed }: ReportSummary): ReportInfo {
  return {
    Id: report.id,
    Code: report.code,
    TitleFr: report.title_fr,
    TitleEn: report.title_en,
    DocumentCount: total,
    DocumentViewedCount: viewed,
    ThumbnailInfo: report.thumbnail ?? null,
    DisplayProperties: report.display_properties,
  };
}

/**
 * A page of documents: each result carries its attribute values beside its key, state, type and
 * date; with a text search, each result's passage is given apart, by key, so that the results
 * keep the specification's shape.
 */
export function presentReportPage(page: ReportPage): z.input<typeof ReportDataResponseSchema> {
  const { report } = page;
  return {
    success: true,
    Config: {
      Id: report.id,
      Code: report.code,
      TitleFr: report.title_fr,
      TitleEn: report.title_en,
      Attributes: page.attributes.map((a) =>
        Object.assign(presentAttributeNames(a), { ShowInColumn: a.show_in_column }, presentValueFormat(a)),
      ),
      DisplayedAttributes: page.displayed,
    },
    // Object.assign, not a spread followed by properties: Node 20's V8 takes about a microsecond
    // for each property written after a spread (measured: 140 µs a page of 25, against 3).
    Results: page.documents.map((document) =>
      Object.assign({}, document.attributes, {
        key: document.key,
        viewed: document.viewed,
        definitionCode: report.code,
        date: document.date,
      }),
    ),
    TotalDocuments: page.total,
    TotalIsLowerBound: page.isLowerBound,
    DateStart: page.dateRange.from,
    DateEnd: page.dateRange.to,
    DateMin: page.oldestDate,
    ...(page.rankedFirst !== undefined && { RankedFirst: page.rankedFirst }),
    ...(page.asksAcknowledgement && {
      AwaitingAcknowledgement: page.documents.filter((document) => document.awaitsAcknowledgement).map((document) => document.key),
    }),
    ...(page.documents.some((document) => document.passage) && {
      Passages: Object.fromEntries(
        page.documents.map((document) => [
          document.key,
          (document.passage ?? []).map((part) => ({ text: part.text, highlighted: part.isMatch })),
        ]),
      ),
    }),
  };
}

export function presentSearchAttributes(searchable: SearchableAttributes): z.input<typeof SearchAttributesResponseSchema> {
  return { success: true, ShowAll: searchable.canListWholeType, SearchTerms: searchable.attributes.map(presentAttributeNames) };
}

/** How an attribute's values read: its words in both languages and its currency, where it has them. */
export function presentValueFormat(attribute: ReportAttribute) {
  return {
    ...(attribute.value_labels.length > 0 && {
      ValueLabels: attribute.value_labels.map((label) => ({ Value: label.value, LabelEn: label.en, LabelFr: label.fr })),
    }),
    ...(attribute.currency && { Currency: attribute.currency }),
  };
}

function presentAttributeNames(attribute: ReportAttribute) {
  return { Name: attribute.name, DisplayNameFR: attribute.display_name_fr, DisplayNameEN: attribute.display_name_en };
}

/** A document's readers and their confirmations, as staff read them. */
export function presentDocumentReaders(answer: {
  requiresAcknowledgement: boolean;
  version: number;
  readers: DocumentReader[];
  notices: DocumentNotice[];
}) {
  const noticeOf = new Map(answer.notices.map((notice) => [notice.user_id, notice]));
  const at = (date: Date | null) => date?.toISOString() ?? null;
  return {
    success: true as const,
    data: {
      requiresAcknowledgement: answer.requiresAcknowledgement,
      version: answer.version,
      readers: answer.readers.map((reader) => ({
        userId: reader.user_id,
        username: reader.username,
        name: `${reader.first_name} ${reader.last_name}`.trim(),
        acknowledgedAt: reader.acknowledged_at?.toISOString() ?? null,
        notice: ((notice) =>
          notice
            ? {
                state: notice.state,
                publishedAt: notice.published_at.toISOString(),
                queuedAt: at(notice.queued_at),
                acceptedAt: at(notice.accepted_at),
                refusedAt: at(notice.refused_at),
                firstOpenedAt: at(notice.first_opened_at),
              }
            : null)(noticeOf.get(reader.user_id)),
      })),
    },
  };
}

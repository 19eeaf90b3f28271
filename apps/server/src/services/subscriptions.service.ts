import { ERROR_KEYS, type ChosenReportInput } from '@portal/contract';
import type { ReportAccessRepository } from '../db/repositories/report-access.repository.js';
import type { OfferedReport, ProvenValue, SubscriptionsRepository } from '../db/repositories/subscriptions.repository.js';
import type { Tx } from '../db/transact.js';
import { AppError } from '../errors.js';

/** A chosen document type with the values the person proved, checked against the type's own attributes. */
export interface ResolvedSubscription {
  reportId: number;
  titleEn: string;
  titleFr: string;
  values: ProvenValue[];
}

/** The types a refusal names: part of the error it throws, in the shape the contract gives errors (SubscriptionErrorSchema). */
const listed = (subscriptions: ResolvedSubscription[]) =>
  subscriptions.map((s) => ({ Id: s.reportId, TitleEn: s.titleEn, TitleFr: s.titleFr }));

const noTypeChosen = () => new AppError(400, ERROR_KEYS.noDocumentTypeChosen, 'You must choose at least one document type.');
const notValid = (subscriptions: ResolvedSubscription[] = []) =>
  new AppError(400, ERROR_KEYS.subscriptionInvalid, 'The information is not valid.', { reportErrorList: listed(subscriptions) });

/** Printed values are compared as typed, without the spaces a person may add around or inside them. */
const normalise = (value: string) => value.trim().replace(/\s+/g, ' ');

/**
 * Subscriptions: a person proves their right to a document type with the attributes that
 * identify the owner of its documents (as printed on their own paper document); the proof
 * becomes a criteria group of their report access, the structure administrators edit.
 */
export function createSubscriptionService(deps: { subscriptions: SubscriptionsRepository; reportAccess: ReportAccessRepository }) {
  return {
    /** The client's types open to subscription, with the attributes each asks for. */
    offered(clientId: number): Promise<OfferedReport[]> {
      return deps.subscriptions.offeredReports(clientId);
    },

    /** The offered types among the ticked ids, with the attributes each asks for. */
    async attributesFor(clientId: number, reportIds: number[]): Promise<OfferedReport[]> {
      if (reportIds.length === 0) throw noTypeChosen();
      const offered = await deps.subscriptions.offeredReports(clientId);
      if (reportIds.some((id) => !offered.some((r) => r.id === id))) throw notValid();
      return offered.filter((r) => reportIds.includes(r.id));
    },

    /**
     * Checks the chosen types against what the client offers: each type once, every identifying
     * attribute given exactly once with a value, nothing else. A forged payload fails here.
     */
    async resolve(clientId: number, chosen: ChosenReportInput[]): Promise<ResolvedSubscription[]> {
      if (chosen.length === 0) throw noTypeChosen();
      const offered = await deps.subscriptions.offeredReports(clientId);
      const seen = new Set<number>();
      return chosen.map((choice) => {
        const report = offered.find((r) => r.id === choice.Id);
        if (!report || seen.has(choice.Id)) throw notValid();
        seen.add(choice.Id);
        const given = new Map(choice.Attributes.map((a) => [a.AttributeId, normalise(a.Value)]));
        const complete =
          given.size === choice.Attributes.length &&
          given.size === report.attributes.length &&
          report.attributes.every((a) => (given.get(a.attribute_id) ?? '') !== '');
        if (!complete) throw notValid();
        return {
          reportId: report.id,
          titleEn: report.title_en,
          titleFr: report.title_fr,
          values: report.attributes.map((a) => ({ attributeId: a.attribute_id, name: a.name, value: given.get(a.attribute_id)! })),
        };
      });
    },

    /**
     * Refuses data that no document of the type carries (400), then data another live user already
     * holds (409) unless the person chose to continue and the client does not block duplicates.
     */
    async assertAcceptable(
      subscriptions: ResolvedSubscription[],
      options: { exceptUserId: number | null; ignoreDuplicates: boolean; blockDuplicates: boolean },
    ): Promise<void> {
      const unmatched: ResolvedSubscription[] = [];
      for (const s of subscriptions) if (!(await deps.subscriptions.documentsCarry(s.reportId, s.values))) unmatched.push(s);
      if (unmatched.length > 0) throw notValid(unmatched);

      const duplicated: ResolvedSubscription[] = [];
      for (const s of subscriptions) {
        if ((await deps.subscriptions.countOtherHolders(s.reportId, s.values, options.exceptUserId)) > 0) duplicated.push(s);
      }
      if (duplicated.length > 0 && (!options.ignoreDuplicates || options.blockDuplicates)) {
        throw new AppError(409, ERROR_KEYS.subscriptionInUse, 'Subscription information already in use', {
          duplicate: true,
          blockDuplicate: options.blockDuplicates,
          reportErrorList: listed(duplicated),
        });
      }
    },

    /** Adds each proof as a criteria group of the user's access to its type; a group already held is not added twice. */
    async grant(userId: number, subscriptions: ResolvedSubscription[], trx: Tx): Promise<void> {
      const current = await deps.reportAccess.accessOf(userId, trx);
      for (const s of subscriptions) {
        const groups = current.get(s.reportId)?.groups ?? [];
        const proof = new Map(s.values.map((v) => [v.attributeId, v.value]));
        const held = groups.some((g) => g.size === proof.size && [...proof].every(([id, value]) => g.get(id) === value));
        if (held && current.get(s.reportId)?.hasAccess) continue;
        await deps.reportAccess.replace(userId, s.reportId, { hasAccess: true, groups: held ? groups : [...groups, proof] }, trx);
      }
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

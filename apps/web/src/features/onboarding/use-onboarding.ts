import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { registrationEndpoints, type ChosenReport, type ChosenReportInput, type OnboardingReport } from '@portal/contract';
import { describeError } from '../../i18n/error-message';
import { callApi } from '../../lib/api-client';
import { readSubscriptionRefusal, type SubscriptionRefusal } from '../../lib/subscription-error';
import {
  findAttributeErrors,
  keepTypedValues,
  markRefusedValues,
  refusedValues,
  setAttributeValue,
  toChosenReportInputs,
} from '../../lib/subscription-values';
import { onboardingReportsQuery } from './onboarding-queries';

function toChosenReport({ Id, TitleEn, TitleFr, Attributes }: OnboardingReport): ChosenReport {
  return { Id, TitleEn, TitleFr, Attributes };
}

/**
 * The onboarding dialog's steps (spec section 4): tick at least one type, fill every attribute
 * of the ticked ones, subscribe; on duplicate data the person may continue past it, unless the
 * client blocks duplicates.
 */
export function useOnboarding({ onSubscribed }: { onSubscribed: () => void }) {
  const list = useQuery(onboardingReportsQuery());
  const [step, setStep] = useState<0 | 1>(0);
  /** The person's ticks; until they tick anything, the server's `Checked` stands. */
  const [ticks, setTicks] = useState<Record<number, boolean>>({});
  const [chosen, setChosen] = useState<ChosenReport[]>([]);
  const [hasTriedNext, setTriedNext] = useState(false);
  const [hasTriedSubscribe, setTriedSubscribe] = useState(false);
  const [duplicate, setDuplicate] = useState<SubscriptionRefusal | null>(null);
  /** The values no document carries together, by field key, from the last refusal that said so. */
  const [refused, setRefused] = useState<Record<string, string>>({});
  const sent = useRef<ChosenReportInput[]>([]);

  const reports = (list.data?.reportsLst ?? []).map((report) => ({ ...report, Checked: ticks[report.Id] ?? report.Checked }));
  const hasChoice = reports.some((report) => report.Checked);

  const subscribe = useMutation({
    mutationFn: (ignoreDuplicates: boolean) => {
      sent.current = toChosenReportInputs(chosen);
      return callApi(ignoreDuplicates ? registrationEndpoints.processOnboardingIgnoreDupes : registrationEndpoints.processOnboarding, {
        body: { choosenReports: sent.current },
      });
    },
    onSuccess: () => {
      setDuplicate(null);
      onSubscribed();
    },
    onError: (error) => {
      const refusal = readSubscriptionRefusal(error);
      setDuplicate(refusal?.isDuplicate ? refusal : null);
      const refusedTypeIds = refusal && !refusal.isDuplicate ? refusal.reports.map((report) => report.Id) : [];
      setRefused(refusedValues(sent.current, refusedTypeIds));
    },
  });
  const refusal = subscribe.isError ? readSubscriptionRefusal(subscribe.error) : undefined;

  return {
    list,
    step,
    reports,
    chosen,
    accessibleIds: new Set(list.data?.reportAccess ?? []),
    typesError: hasTriedNext && !hasChoice ? 'errors.noDocumentTypeChosen' : undefined,
    // A value the server found on no document is marked until it is changed.
    attributeErrors: { ...markRefusedValues(chosen, refused), ...(hasTriedSubscribe ? findAttributeErrors(chosen) : {}) },
    duplicate,
    subscribe,
    /** A refusal shown in the dialog itself: the message and the types it concerns. */
    error: subscribe.isError && !refusal?.isDuplicate ? { message: describeError(subscribe.error), reports: refusal?.reports ?? [] } : null,
    toggle: (id: number, checked: boolean) => setTicks((current) => ({ ...current, [id]: checked })),
    setAttribute: (reportId: number, attributeId: number, value: string) =>
      setChosen((current) => setAttributeValue(current, reportId, attributeId, value)),
    next: () => {
      setTriedNext(true);
      if (!hasChoice) return;
      setChosen((previous) => keepTypedValues(reports.filter((report) => report.Checked).map(toChosenReport), previous));
      setStep(1);
    },
    previous: () => {
      subscribe.reset();
      setStep(0);
    },
    /** Subscribes when every value can be sent; false when some must be fixed first. */
    submit: (): boolean => {
      setTriedSubscribe(true);
      const isValid = Object.keys(findAttributeErrors(chosen)).length === 0;
      if (isValid) subscribe.mutate(false);
      return isValid;
    },
    continuePastDuplicates: () => subscribe.mutate(true),
    cancelDuplicate: () => {
      setDuplicate(null);
      subscribe.reset();
    },
  };
}
export type Onboarding = ReturnType<typeof useOnboarding>;

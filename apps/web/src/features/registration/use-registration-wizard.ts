import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { registrationEndpoints, type ChosenReport, type RegistrationReport } from '@portal/contract';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { readRetryAfterSeconds } from '../../lib/retry-after';
import { keepTypedValues, setAttributeValue } from '../../lib/subscription-values';
import { useCountdown } from '../../lib/use-countdown';
import { useTimedMessage } from '../../lib/use-timed-message';
import {
  buildRegistrationModel,
  EMPTY_USER_INFORMATION,
  previousStepOf,
  type RegistrationStep,
  type UserInformation,
} from './registration-model';

/**
 * The wizard's state and its server steps (spec section 4): each step moves on only once the
 * server accepts it. What was typed is kept when going back; the final call needs no code, since
 * the server keeps, for this browser, the proof that step 2 accepted it.
 */
export function useRegistrationWizard() {
  const { t } = useTranslation();
  const [step, setStep] = useState<RegistrationStep>(0);
  const [info, setInfo] = useState<UserInformation>(EMPTY_USER_INFORMATION);
  const [reports, setReports] = useState<RegistrationReport[]>([]);
  const [chosen, setChosen] = useState<ChosenReport[]>([]);
  const [code, setCode] = useState('');
  /** Why the wizard came back to the code step from the last one (the code was refused there). */
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const countdown = useCountdown(0);
  const resendBanner = useTimedMessage();
  const modelWith = (changes: Partial<{ info: UserInformation; reports: RegistrationReport[] }> = {}) =>
    buildRegistrationModel({ info, reports, chosen, ...changes });

  const submitInfo = useMutation({
    mutationFn: (values: UserInformation) =>
      callApi(registrationEndpoints.validateRegistrationStep1, { body: modelWith({ info: values, reports: [] }) }),
    onSuccess: (answer, values) => {
      setInfo(values);
      setReports(answer.reportsLst);
      setCode('');
      setCodeNotice(null);
      resendBanner.clear();
      countdown.restart(answer.nextResendSeconds);
      setStep(1);
    },
  });

  const submitCode = useMutation({
    mutationFn: (typed: string) =>
      callApi(registrationEndpoints.validateRegistrationStep2, { body: { data: modelWith(), contactValidationCode: typed } }),
    onSuccess: (answer, typed) => {
      setCode(typed);
      setCodeNotice(null);
      setReports(answer.reportsLst);
      setStep(2);
    },
  });

  const resend = useMutation({
    mutationFn: () => callApi(registrationEndpoints.resendRegistrationCode, { body: modelWith() }),
    onSuccess: (answer) => {
      // The previous code's refusal no longer applies: the new code voids it.
      submitCode.reset();
      setCodeNotice(null);
      countdown.restart(answer.nextResendSeconds);
      resendBanner.show({ kind: 'success', text: t('registration.codeResent', { email: info.email.trim() }) });
    },
    onError: (error) => {
      // Too early: the server says how long is left, so the countdown tells the truth again.
      const retryAfter = readRetryAfterSeconds(error);
      if (retryAfter !== undefined) countdown.restart(retryAfter);
      resendBanner.show({ kind: 'error', text: describeError(error) });
    },
  });

  const submitTypes = useMutation({
    mutationFn: () => callApi(registrationEndpoints.validateRegistrationStep3, { body: modelWith() }),
    onSuccess: (answer) => {
      setChosen((previous) => keepTypedValues(answer.choosenReports, previous));
      setStep(3);
    },
  });

  const resetMutations = () => [submitInfo, submitCode, submitTypes].forEach((mutation) => mutation.reset());

  return {
    step,
    info,
    reports,
    chosen,
    code,
    codeNotice,
    countdown,
    resendBanner,
    submitInfo,
    submitCode,
    resend,
    submitTypes,
    model: modelWith(),
    toggleReport: (id: number, checked: boolean) =>
      setReports((current) => current.map((report) => (report.Id === id ? { ...report, Checked: checked } : report))),
    setAttribute: (reportId: number, attributeId: number, value: string) =>
      setChosen((current) => setAttributeValue(current, reportId, attributeId, value)),
    goBack: () => {
      resetMutations();
      setStep(previousStepOf(step));
    },
    /** The final call refused the code (expired, used up, or never proven here): type it again, or ask for a new one. */
    returnToCodeStep: (noticeKey: string) => {
      resetMutations();
      setCode('');
      setCodeNotice(noticeKey);
      setStep(1);
    },
  };
}
export type RegistrationWizard = ReturnType<typeof useRegistrationWizard>;

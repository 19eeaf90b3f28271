import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { registrationEndpoints, ERROR_KEYS, type ChosenReportInput, type RegistrationModel } from '@portal/contract';
import { translator } from '../../i18n/app-translator';
import { callApi } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { translateKey } from '../../lib/error-text';
import { readSubscriptionRefusal, type SubscriptionRefusal } from '../../lib/subscription-error';
import { refusedValues } from '../../lib/subscription-values';
import { useSignIn } from '../../lib/use-sign-in';

/** Refusals that send the person back to the code step: the code is no longer good, or this browser never proved it. */
const CODE_REFUSALS = new Set<string>([ERROR_KEYS.registrationCodeInvalid, ERROR_KEYS.registrationNotVerified]);

interface SubmitOptions {
  model: RegistrationModel;
  /** The final call refused the step-2 code: the wizard goes back to it with this message key. */
  onCodeRefused: (noticeKey: string) => void;
  beforeSignIn: () => Promise<void>;
}

/**
 * Spec: 'An error occurred. Please try again.' for a failure the registration has no words of its
 * own for; a key the web translates (too many requests, a refused field) is shown as such.
 */
export function describeRegistrationError(error: unknown): string {
  if (isApiError(error) && error.key !== ERROR_KEYS.unexpected && translator.exists(error.key)) return translateKey(error.key);
  return translator.t('errors.registrationFailed');
}

/**
 * The last step: creates the account with its subscriptions, past duplicate data when the person
 * chose Continue, then signs the new account in with the credentials the server answers, exactly
 * as the login form does (the code page follows, then the dashboard).
 */
export function useRegistrationSubmit({ model, onCodeRefused, beforeSignIn }: SubmitOptions) {
  const [duplicate, setDuplicate] = useState<SubscriptionRefusal | null>(null);
  /** The values no document carries together, by field key, from the last refusal that said so. */
  const [refused, setRefused] = useState<Record<string, string>>({});
  const sent = useRef<ChosenReportInput[]>([]);
  const signIn = useSignIn({ beforeSignIn });
  const register = useMutation({
    mutationFn: (ignoreDuplicates: boolean) => {
      sent.current = model.choosenReports ?? [];
      return callApi(ignoreDuplicates ? registrationEndpoints.processRegisteringNoDupes : registrationEndpoints.processRegistering, {
        body: model,
      });
    },
    onSuccess: ({ data }) => {
      setDuplicate(null);
      signIn.mutate({ username: data.Username, password: data.Password });
    },
    onError: (error) => {
      const refusal = readSubscriptionRefusal(error);
      const refusedTypeIds = refusal && !refusal.isDuplicate ? refusal.reports.map((report) => report.Id) : [];
      setRefused(refusedValues(sent.current, refusedTypeIds));
      if (refusal?.isDuplicate) {
        setDuplicate(refusal);
        return;
      }
      setDuplicate(null);
      if (isApiError(error) && CODE_REFUSALS.has(error.key)) onCodeRefused(error.key);
    },
  });

  const refusal = register.isError ? readSubscriptionRefusal(register.error) : undefined;
  return {
    submit: () => register.mutate(false),
    continuePastDuplicates: () => register.mutate(true),
    cancelDuplicate: () => {
      setDuplicate(null);
      register.reset();
    },
    duplicate,
    isSubmitting: register.isPending || signIn.isPending || signIn.isSuccess,
    /** A refusal to show on the step itself (not the duplicate one, which has its dialog). */
    error:
      register.isError && !refusal?.isDuplicate
        ? { message: describeRegistrationError(register.error), reports: refusal?.reports ?? [] }
        : null,
    signInError: signIn.error,
    refused,
  };
}

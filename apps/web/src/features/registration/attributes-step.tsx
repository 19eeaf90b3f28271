import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '../../app/routing';
import { DuplicateSubscriptionDialog } from '../../components/duplicate-subscription-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { SubscriptionAttributeFields } from '../../components/subscription-attribute-fields';
import { SubscriptionErrorAlert } from '../../components/subscription-error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { findAttributeErrors, markRefusedValues } from '../../lib/subscription-values';
import { useRegistrationSubmit } from './use-registration-submit';
import type { RegistrationWizard } from './use-registration-wizard';
import { WizardButtons } from './wizard-buttons';

interface AttributesStepProps {
  wizard: RegistrationWizard;
  beforeSignIn: () => Promise<void>;
}

/** Step 4: what is printed on the person's documents, for each chosen type; then Sign Up. */
export function AttributesStep({ wizard, beforeSignIn }: AttributesStepProps) {
  const { t } = useTranslation();
  const [hasTried, setTried] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);
  const registration = useRegistrationSubmit({ model: wizard.model, onCodeRefused: wizard.returnToCodeStep, beforeSignIn });
  // Shown once the person has tried to sign up, then kept current as they type.
  // A value the server found on no document is marked until it is changed.
  const errors = { ...markRefusedValues(wizard.chosen, registration.refused), ...(hasTried ? findAttributeErrors(wizard.chosen) : {}) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(findAttributeErrors(wizard.chosen)).length === 0) registration.submit();
    else focusFirstInvalid(formElement.current);
  };

  return (
    <>
      <form noValidate onSubmit={submit} ref={formElement}>
        <Stack gap="md">
          <Text>{t('registration.attributesIntro')}</Text>
          {registration.error && (
            <SubscriptionErrorAlert
              message={registration.error.message}
              reports={registration.error.reports}
              chosen={wizard.chosen}
              testId="registration-error"
            />
          )}
          {registration.signInError !== null && (
            <ErrorAlert testId="registration-sign-in-error">
              <Stack gap={4}>
                <Text size="sm">{t('registration.signInFailed', { reason: describeError(registration.signInError) })}</Text>
                <Anchor component={Link} to="/login" size="sm">
                  {t('registration.signIn')}
                </Anchor>
              </Stack>
            </ErrorAlert>
          )}
          <SubscriptionAttributeFields reports={wizard.chosen} errors={errors} onChange={wizard.setAttribute} />
          <WizardButtons
            onPrevious={wizard.goBack}
            isPending={registration.isSubmitting}
            submitLabel={t('registration.signUp')}
            pendingLabel={t('registration.signingUp')}
          />
        </Stack>
      </form>
      <DuplicateSubscriptionDialog
        refusal={registration.duplicate}
        onCancel={registration.cancelDuplicate}
        onContinue={registration.continuePastDuplicates}
        isContinuing={registration.isSubmitting}
      />
    </>
  );
}

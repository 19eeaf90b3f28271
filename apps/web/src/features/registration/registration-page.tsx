import { useEffect, useRef, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadingIndicator } from '../../components/loading-indicator';
import { PromptLink } from '../../components/prompt-link';
import { PublicPageLayout } from '../../components/public-page-layout';
import { StepProgress } from '../../components/step-progress';
import { useTranslation } from '../../i18n/use-translation';
import { displayLoginQuery } from '../../lib/display-login-query';
import { useStoredUser } from '../../lib/stored-user';
import { useEndSessionOnVisit } from '../../lib/use-end-session-on-visit';
import { useExperienceCode } from '../../theme/experience-code';
import { AttributesStep } from './attributes-step';
import { CodeStep } from './code-step';
import { REGISTRATION_STEPS } from './registration-model';
import { SignedInNotice } from './signed-in-notice';
import { TypesStep } from './types-step';
import { useRegistrationWizard } from './use-registration-wizard';
import { UserInfoStep } from './user-info-step';

const WIZARD_WIDTH = 640;

/**
 * Spec section 2, "Registration wizard": user information, the e-mail code, the document types,
 * then what proves the person owns those documents. The wizard ends any session, as the other
 * signed-out screens do, since the new account signs in at the end; a person signed in is asked first.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const signedIn = useStoredUser();
  // Read once: the wizard's own sign-out must not bring the question back.
  const [askedFor] = useState(() => signedIn && `${signedIn.firstname} ${signedIn.lastname}`.trim());
  const [isSignOutAccepted, setSignOutAccepted] = useState(false);
  if (askedFor && !isSignOutAccepted) {
    return (
      <PublicPageLayout maxWidth={WIZARD_WIDTH}>
        <Stack gap="lg">
          <Title order={1} size="h2">
            {t('registration.title')}
          </Title>
          <SignedInNotice name={askedFor} onContinue={() => setSignOutAccepted(true)} />
        </Stack>
      </PublicPageLayout>
    );
  }
  return <RegistrationWizard />;
}

function RegistrationWizard() {
  const { t } = useTranslation();
  const waitForSignOut = useEndSessionOnVisit();
  const experienceCode = useExperienceCode();
  const display = useQuery(displayLoginQuery(experienceCode));
  const wizard = useRegistrationWizard();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const isFirstRender = useRef(true);
  const stepNames = REGISTRATION_STEPS.map((step) => t(`registration.steps.${step}`));

  // A new step replaces the form: keyboard and screen-reader users start again at its heading.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [wizard.step]);

  return (
    <PublicPageLayout maxWidth={WIZARD_WIDTH}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {t('registration.title')}
        </Title>
        {display.isPending && <LoadingIndicator />}
        {display.data?.hasOnboarding === false && <Text data-testid="registration-unavailable">{t('registration.unavailable')}</Text>}
        {(display.data?.hasOnboarding || display.isError) && (
          <>
            <StepProgress label={t('registration.progress')} steps={stepNames} active={wizard.step} />
            <Title order={2} size="h3" ref={stepHeading} tabIndex={-1} data-testid="registration-step-title">
              {t('registration.stepTitle', { number: wizard.step + 1, count: REGISTRATION_STEPS.length, name: stepNames[wizard.step] })}
            </Title>
            {wizard.step === 0 && <UserInfoStep wizard={wizard} />}
            {wizard.step === 1 && <CodeStep wizard={wizard} />}
            {wizard.step === 2 && <TypesStep wizard={wizard} />}
            {wizard.step === 3 && <AttributesStep wizard={wizard} beforeSignIn={waitForSignOut} />}
          </>
        )}
        <PromptLink prompt={t('registration.haveAccount')} to="/login">
          {t('registration.signIn')}
        </PromptLink>
      </Stack>
    </PublicPageLayout>
  );
}

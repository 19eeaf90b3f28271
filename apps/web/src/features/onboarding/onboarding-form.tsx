import { useRef, type FormEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { DocumentTypeChecklist } from '../../components/document-type-checklist';
import { DuplicateSubscriptionDialog } from '../../components/duplicate-subscription-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { StepProgress } from '../../components/step-progress';
import { SubscriptionAttributeFields } from '../../components/subscription-attribute-fields';
import { SubscriptionErrorAlert } from '../../components/subscription-error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { useOnboarding } from './use-onboarding';

interface OnboardingFormProps {
  onCancel: () => void;
  onSubscribed: () => void;
  /** The duplicate dialog opens over this one, in the same Modal.Stack. */
  duplicateStackId: string;
}

/** The content of the onboarding dialog: the types to add, then what proves they are the person's. */
export function OnboardingForm({ onCancel, onSubscribed, duplicateStackId }: OnboardingFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const onboarding = useOnboarding({ onSubscribed });
  const { list, subscribe } = onboarding;
  const formElement = useRef<HTMLFormElement>(null);

  if (list.isPending) return <LoadingIndicator label={t('onboarding.loading')} />;
  if (list.isError) return <ErrorAlert testId="onboarding-error">{describeError(list.error)}</ErrorAlert>;
  if (onboarding.reports.length === 0) return <Text>{t('onboarding.noTypes')}</Text>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (onboarding.step === 0) onboarding.next();
    else if (!onboarding.submit()) focusFirstInvalid(formElement.current);
  };

  return (
    <>
      <form noValidate onSubmit={submit} ref={formElement}>
        <Stack gap="md">
          <StepProgress
            label={t('onboarding.progress')}
            steps={[t('onboarding.steps.types'), t('onboarding.steps.attributes')]}
            active={onboarding.step}
          />
          {onboarding.step === 0 ? (
            <>
              <Text>{t('onboarding.typesIntro')}</Text>
              <DocumentTypeChecklist
                legend={t('onboarding.typesLegend')}
                types={onboarding.reports}
                onToggle={onboarding.toggle}
                error={errorText(onboarding.typesError)}
                noteOf={(id) => (onboarding.accessibleIds.has(id) ? t('onboarding.alreadyAccessible') : undefined)}
              />
            </>
          ) : (
            <>
              <Text>{t('onboarding.attributesIntro')}</Text>
              {onboarding.error && (
                <SubscriptionErrorAlert
                  message={onboarding.error.message}
                  reports={onboarding.error.reports}
                  chosen={onboarding.chosen}
                  testId="onboarding-error"
                />
              )}
              <SubscriptionAttributeFields
                reports={onboarding.chosen}
                errors={onboarding.attributeErrors}
                onChange={onboarding.setAttribute}
              />
            </>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={onboarding.step === 0 ? onCancel : onboarding.previous} disabled={subscribe.isPending}>
              {onboarding.step === 0 ? t('common.cancel') : t('common.previous')}
            </Button>
            <Button
              type="submit"
              loading={subscribe.isPending}
              loaderProps={{ role: 'progressbar', 'aria-label': t('onboarding.subscribing') }}
            >
              {onboarding.step === 0 ? t('onboarding.next') : t('onboarding.subscribe')}
            </Button>
          </Group>
        </Stack>
      </form>
      <DuplicateSubscriptionDialog
        stackId={duplicateStackId}
        refusal={onboarding.duplicate}
        onCancel={onboarding.cancelDuplicate}
        onContinue={onboarding.continuePastDuplicates}
        isContinuing={subscribe.isPending}
      />
    </>
  );
}

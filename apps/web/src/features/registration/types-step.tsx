import { useState, type FormEvent } from 'react';
import { Stack, Text } from '@mantine/core';
import { ERROR_KEYS } from '@portal/contract';
import { DocumentTypeChecklist } from '../../components/document-type-checklist';
import { ErrorAlert } from '../../components/error-alert';
import { useTranslation } from '../../i18n/use-translation';
import { describeRegistrationError } from './use-registration-submit';
import type { RegistrationWizard } from './use-registration-wizard';
import { WizardButtons } from './wizard-buttons';

/** Step 3: the document types to subscribe to, all ticked to begin with; at least one stays ticked. */
export function TypesStep({ wizard }: { wizard: RegistrationWizard }) {
  const { t } = useTranslation();
  const { submitTypes } = wizard;
  const [hasTriedEmpty, setTriedEmpty] = useState(false);
  const hasChoice = wizard.reports.some((report) => report.Checked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTriedEmpty(!hasChoice);
    if (hasChoice) submitTypes.mutate();
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{t('registration.typesIntro')}</Text>
        {submitTypes.isError && <ErrorAlert testId="registration-error">{describeRegistrationError(submitTypes.error)}</ErrorAlert>}
        <DocumentTypeChecklist
          legend={t('registration.typesLegend')}
          types={wizard.reports}
          onToggle={wizard.toggleReport}
          error={hasTriedEmpty && !hasChoice ? t(ERROR_KEYS.noDocumentTypeChosen) : undefined}
        />
        <WizardButtons onPrevious={wizard.goBack} isPending={submitTypes.isPending} />
      </Stack>
    </form>
  );
}

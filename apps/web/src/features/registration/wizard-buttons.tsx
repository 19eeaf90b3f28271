import { Button, Group } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';

interface WizardButtonsProps {
  onPrevious: () => void;
  isPending: boolean;
  /** The submit button's text; Next unless told otherwise. */
  submitLabel?: string;
  /** What the busy submit button is announced as. */
  pendingLabel?: string;
}

/** Previous and the step's submit button (Next, or Sign Up on the last step). */
export function WizardButtons({ onPrevious, isPending, submitLabel, pendingLabel }: WizardButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Button variant="default" onClick={onPrevious} disabled={isPending}>
        {t('registration.previous')}
      </Button>
      <Button
        type="submit"
        loading={isPending}
        loaderProps={{ role: 'progressbar', 'aria-label': pendingLabel ?? t('registration.checking') }}
      >
        {submitLabel ?? t('registration.next')}
      </Button>
    </Group>
  );
}

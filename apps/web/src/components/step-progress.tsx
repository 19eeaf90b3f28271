import { VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';
import classes from './step-progress.module.css';

interface StepProgressProps {
  /** The accessible name of the list, e.g. "Registration steps". */
  label: string;
  steps: string[];
  /** Index of the current step. */
  active: number;
}

/**
 * Where a person is in a multi-step form. Not a row of buttons: each step is reached by
 * completing the one before, so the steps are a list, with the current one marked as such.
 */
export function StepProgress({ label, steps, active }: StepProgressProps) {
  const { t } = useTranslation();
  return (
    <ol className={classes.list} aria-label={label} data-testid="step-progress">
      {steps.map((step, index) => {
        const state = index < active ? 'done' : index === active ? 'current' : 'todo';
        return (
          <li key={step} className={classes.item} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={classes.marker} aria-hidden>
              {state === 'done' ? <IconCheck size={16} stroke={3} /> : index + 1}
            </span>
            <span className={classes.label}>
              {step}
              {state === 'done' && <VisuallyHidden>{` (${t('steps.completed')})`}</VisuallyHidden>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

import { Loader, type MantineSize } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

interface LoadingIndicatorProps {
  /** What is being waited for; the generic "Loading" when left out. */
  label?: string;
  size?: MantineSize;
}

/** A spinner with a name, so that screen readers say what the wait is. */
export function LoadingIndicator({ label, size }: LoadingIndicatorProps) {
  const { t } = useTranslation();
  // A progress bar of no value: a spinner's name is only announced on an element with a role.
  return <Loader size={size} role="progressbar" aria-label={label ?? t('app.loading')} />;
}

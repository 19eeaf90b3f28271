import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { useOnDemand } from '../../lib/use-on-demand';

// The dialog and its form (the types to choose, their fields) are fetched when it first opens.
const loadOnboardingDialog = async () => (await import('./onboarding-dialog')).OnboardingDialog;

/**
 * The dashboard's add-subscription button and the onboarding dialog it opens (spec section 2).
 * Each opening starts afresh: the dialog resets on close.
 */
export function AddSubscription({ onSubscribed }: { onSubscribed: () => void }) {
  const { t } = useTranslation();
  const [OnboardingDialog, requestDialog] = useOnDemand(loadOnboardingDialog);
  const [isOpen, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);

  const open = () =>
    requestDialog(() => {
      setOpening((count) => count + 1);
      setOpen(true);
    });

  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open} data-testid="add-subscription">
        {t('onboarding.add')}
      </Button>
      {OnboardingDialog && (
        <OnboardingDialog opened={isOpen} opening={opening} onClose={() => setOpen(false)} onSubscribed={onSubscribed} />
      )}
    </>
  );
}

import { useId } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import type { Disclosure } from '@portal/contract';
import { ConsentForm } from '../../components/consent-form';
import { useTranslation } from '../../i18n/use-translation';

/**
 * On the dashboard of a customer whose client asks it: consent to the disclosure in force, at the
 * first sign-in and after each new version. Until then the covered types are not listed.
 */
export function ConsentCard({ disclosure, onConsented }: { disclosure: Disclosure; onConsented: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId} data-testid="consent-card">
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {t('consent.title')}
        </Title>
        <ConsentForm disclosure={disclosure} how="sign-in" onConsented={onConsented} />
      </Stack>
    </Paper>
  );
}

import { useState } from 'react';
import { Button, Center, Group, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DIGEST_FREQUENCIES, type DigestFrequency } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { digestPreferenceQuery, useSaveDigestPreference } from './digest-queries';

const isFrequency = (value: string): value is DigestFrequency => (DIGEST_FREQUENCIES as readonly string[]).includes(value);

/** A USER's choice of an e-mailed summary of its new documents: never, once a day or once a week. */
export function DigestTab({ banner }: { banner: TimedMessageControl }) {
  const { t } = useTranslation();
  const preference = useQuery(digestPreferenceQuery());
  const save = useSaveDigestPreference();
  // The person's pick until it is saved; then the server's answer again.
  const [picked, setPicked] = useState<DigestFrequency | null>(null);

  if (preference.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert>{describeError(preference.error)}</ErrorAlert>
        <Button variant="light" onClick={() => void preference.refetch()}>
          {t('settings.retry')}
        </Button>
      </Stack>
    );
  }
  if (!preference.data) {
    return (
      <Center py="lg">
        <LoadingIndicator label={t('settings.digest.loading')} />
      </Center>
    );
  }

  const value = picked ?? preference.data.digest.frequency;
  const submit = () =>
    save.mutate(value, {
      onSuccess: () => {
        setPicked(null);
        banner.show({ kind: 'success', text: t('settings.digest.saved') });
      },
      onError: (error) => banner.show({ kind: 'error', text: describeError(error) }),
    });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t('settings.digest.label')}
          description={t('settings.digest.description')}
          value={value}
          onChange={(next) => isFrequency(next) && setPicked(next)}
          data-testid="digest-frequency"
        >
          <Stack gap="sm" mt="xs">
            {DIGEST_FREQUENCIES.map((frequency) => (
              <Radio key={frequency} value={frequency} label={t(`settings.digest.frequency.${frequency}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} loaderProps={{ role: 'progressbar', 'aria-label': t('settings.saving') }}>
            {t('settings.digest.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { identityConnectionsEndpoints } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';

/**
 * "Sign in with your organisation": the person's work address names its organisation's identity
 * provider, where the browser goes to sign in; the provider sends it back signed in.
 */
export function OrganisationSignIn({ beforeSignIn }: { beforeSignIn: () => Promise<void> }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const start = useMutation({
    mutationFn: async () => {
      await beforeSignIn();
      return callApi(identityConnectionsEndpoints.startFederatedSignIn, { body: { email: email.trim() } });
    },
    onSuccess: ({ data }) => window.location.assign(data.redirectUrl),
  });

  if (!isOpen) {
    return (
      <Button variant="default" fullWidth onClick={() => setOpen(true)}>
        {t('auth.login.organisation')}
      </Button>
    );
  }
  return (
    <form
      noValidate
      aria-label={t('auth.login.organisation')}
      onSubmit={(event) => {
        event.preventDefault();
        if (email.trim() !== '') start.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('auth.login.organisationIntro')}</Text>
        {start.isError && <ErrorAlert testId="organisation-error">{describeError(start.error)}</ErrorAlert>}
        <TextInput
          type="email"
          label={t('auth.login.organisationEmail')}
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          data-autofocus
        />
        <Button
          type="submit"
          fullWidth
          loading={start.isPending || start.isSuccess}
          loaderProps={{ role: 'progressbar', 'aria-label': t('auth.login.organisationLeaving') }}
        >
          {t('auth.login.organisationContinue')}
        </Button>
      </Stack>
    </form>
  );
}

import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCircleCheck } from '@tabler/icons-react';
import { digestEndpoints } from '@portal/contract';
import { Link, useSearchParams } from '../../app/routing';
import { ErrorAlert } from '../../components/error-alert';
import { PublicPageLayout } from '../../components/public-page-layout';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';

/**
 * Where a digest's "stop receiving it" link leads (`#/digest/unsubscribe?token=…`: after the #, so
 * the token is never sent with the page's address). Opening the page changes nothing, since mail
 * scanners open links too: the person confirms with the button. An expired link says so.
 */
export function DigestUnsubscribePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const unsubscribe = useMutation({
    // The token travels in the body, never in this call's address, which proxies and servers may log.
    mutationFn: (signed: string) => callApi(digestEndpoints.unsubscribeDigest, { body: { token: signed } }),
  });

  return (
    <PublicPageLayout>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('digestUnsubscribe.title')}
        </Title>
        {!token ? (
          <ErrorAlert>{t('digestUnsubscribe.incompleteLink')}</ErrorAlert>
        ) : unsubscribe.isSuccess ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('digestUnsubscribe.done')}
          </Alert>
        ) : (
          <>
            <Text>{t('digestUnsubscribe.intro')}</Text>
            {unsubscribe.isError && <ErrorAlert>{describeError(unsubscribe.error)}</ErrorAlert>}
            <Button
              onClick={() => unsubscribe.mutate(token)}
              loading={unsubscribe.isPending}
              loaderProps={{ role: 'progressbar', 'aria-label': t('digestUnsubscribe.stopping') }}
            >
              {t('digestUnsubscribe.stop')}
            </Button>
          </>
        )}
        <Anchor component={Link} to="/login">
          {t('digestUnsubscribe.toPortal')}
        </Anchor>
      </Stack>
    </PublicPageLayout>
  );
}

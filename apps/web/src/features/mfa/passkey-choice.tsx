import { Button, Divider, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { translateKey } from '../../lib/error-text';
import { browserHasPasskeys, passkeyProblemOf } from '../../lib/passkeys';
import { usePasskeySignIn } from './use-passkey-sign-in';

/** At the code step, for a person who has a passkey: sign with it instead of typing the code. */
export function PasskeyChoice({ trustDevice }: { trustDevice: boolean }) {
  const { t } = useTranslation();
  const passkey = usePasskeySignIn();
  if (!browserHasPasskeys()) return null;
  const problem = passkey.isError ? passkeyProblemOf(passkey.error) : null;
  return (
    <Stack gap="sm">
      <Divider label={t('mfa.or')} labelPosition="center" />
      {passkey.isError && <ErrorAlert testId="passkey-error">{problem ? translateKey(problem) : describeError(passkey.error)}</ErrorAlert>}
      <Button
        variant="default"
        fullWidth
        leftSection={<IconKey aria-hidden size={18} />}
        loading={passkey.isPending}
        loaderProps={{ role: 'progressbar', 'aria-label': t('passkeys.waiting') }}
        onClick={() => passkey.mutate({ trustDevice })}
      >
        {t('mfa.usePasskey')}
      </Button>
    </Stack>
  );
}

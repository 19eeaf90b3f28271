import { useEffect, useRef } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ERROR_KEYS, OneTimeCodeSchema, PASSKEY_NAME_MAX_LENGTH, PasskeyNameSchema } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { isApiError } from '../../lib/api-error';
import { translateKey, useErrorText } from '../../lib/error-text';
import { passkeyProblemOf } from '../../lib/passkeys';
import { useIsMobile } from '../../lib/use-is-mobile';
import { validateWith } from '../../lib/zod-validator';
import { useAddPasskey, useSendPasskeyCode } from './passkeys-queries';

interface AddPasskeyDialogProps {
  opened: boolean;
  onClose: () => void;
  onAdded: (name: string) => void;
}

/** Adding a passkey: a code to the person's usual channel first, then a name, then the browser's own prompt. */
export function AddPasskeyDialog({ opened, onClose, onAdded }: AddPasskeyDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Dialog
      stackId="passkey"
      opened={opened}
      onClose={onClose}
      title={t('passkeys.addTitle')}
      fullScreen={isMobile}
      data-testid="add-passkey-dialog"
    >
      {opened && <AddPasskeySteps onCancel={onClose} onAdded={onAdded} />}
    </Dialog>
  );
}

function AddPasskeySteps({ onCancel, onAdded }: { onCancel: () => void; onAdded: (name: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const codeInput = useRef<HTMLInputElement>(null);
  const send = useSendPasskeyCode();
  const add = useAddPasskey();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', name: '' },
    validate: { code: validateWith(OneTimeCodeSchema), name: validateWith(PasskeyNameSchema) },
  });

  // The code is asked for as the dialog opens (once, however often the effect runs): it is the first thing the person needs.
  const asked = useRef(false);
  const { mutate: sendCode } = send;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    sendCode();
  }, [sendCode]);
  // A code sent moments ago (the dialog closed and opened again) is still the one to type.
  const earlierCodeStands = isApiError(send.error) && send.error.key === ERROR_KEYS.resendTooSoon;
  const ready = send.isSuccess || earlierCodeStands;
  useEffect(() => {
    if (ready) codeInput.current?.focus();
  }, [ready]);

  if (send.isPending || send.isIdle) return <LoadingIndicator label={t('passkeys.sendingCode')} />;
  if (!ready) {
    return (
      <Stack gap="md">
        <ErrorAlert testId="passkey-code-error">{describeError(send.error)}</ErrorAlert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => send.mutate()}>{t('passkeys.sendAgain')}</Button>
        </Group>
      </Stack>
    );
  }

  const submit = form.onSubmit(({ code, name }) =>
    add.mutate(
      { code, name: name.trim() },
      {
        onSuccess: (answer) => onAdded(answer.data.name),
        onError: (error) => {
          if (isApiError(error) && error.key === ERROR_KEYS.codeInvalid) {
            form.setFieldError('code', 'errors.codeInvalid');
            codeInput.current?.focus();
          }
        },
      },
    ),
  );
  const problem = add.isError ? passkeyProblemOf(add.error) : null;
  const codeRefused = isApiError(add.error) && add.error.key === ERROR_KEYS.codeInvalid;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" data-testid="passkey-code-target">
          {send.data ? t('passkeys.codeSent', { target: send.data.target }) : t('passkeys.codeSentEarlier')}
        </Text>
        {add.isError && !codeRefused && (
          <ErrorAlert testId="add-passkey-error">{problem ? translateKey(problem) : describeError(add.error)}</ErrorAlert>
        )}
        <OneTimeCodeInput
          ref={codeInput}
          value={form.values.code}
          onChange={(code) => form.setFieldValue('code', code)}
          error={errorText(form.errors.code)}
        />
        <TextInput
          label={t('passkeys.name')}
          description={t('passkeys.nameHint')}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          required
          {...form.getInputProps('name')}
          error={errorText(form.errors.name)}
        />
        <Text size="sm">{t('passkeys.promptNext')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending} loaderProps={{ role: 'progressbar', 'aria-label': t('passkeys.waiting') }}>
            {t('passkeys.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

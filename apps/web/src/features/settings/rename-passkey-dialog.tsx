import { useEffect } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSKEY_NAME_MAX_LENGTH, PasskeyNameSchema, type Passkey } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { validateWith } from '../../lib/zod-validator';
import { useRenamePasskey } from './passkeys-queries';

/** A new name for a passkey, so the person knows which device each one is on. */
export function RenamePasskeyDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onRenamed: (name: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const rename = useRenamePasskey();
  const form = useForm({ mode: 'controlled', initialValues: { name: '' }, validate: { name: validateWith(PasskeyNameSchema) } });
  const { setValues, resetDirty } = form;
  const { reset: resetRename } = rename;

  useEffect(() => {
    if (!passkey) return;
    setValues({ name: passkey.name });
    resetDirty({ name: passkey.name });
    resetRename();
  }, [passkey, setValues, resetDirty, resetRename]);

  const submit = form.onSubmit(({ name }) => {
    if (!passkey) return;
    rename.mutate({ passkeyId: passkey.id, name: name.trim() }, { onSuccess: (answer) => onRenamed(answer.data.name) });
  });

  return (
    <Dialog
      stackId="rename-passkey"
      opened={passkey !== null}
      onClose={onClose}
      title={t('passkeys.renameTitle')}
      data-testid="rename-passkey-dialog"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {rename.isError && <ErrorAlert>{describeError(rename.error)}</ErrorAlert>}
          <TextInput
            label={t('passkeys.name')}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            required
            data-autofocus
            {...form.getInputProps('name')}
            error={errorText(form.errors.name)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { accountEndpoints, PASSWORD_MAX_LENGTH, PasswordSchema, SetNewPasswordRequestSchema } from '@portal/contract';
import { NewPasswordField } from '../../components/new-password-field';
import { PasswordField } from '../../components/password-field';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { validateConfirmationOf } from '../../lib/confirmation-rule';
import { useFieldProps } from '../../lib/use-field-props';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { validateWith } from '../../lib/zod-validator';

interface PasswordValues {
  OldPassword: string;
  NewPassword: string;
  ConfPassword: string;
}

const EMPTY: PasswordValues = { OldPassword: '', NewPassword: '', ConfPassword: '' };

interface PasswordTabProps {
  banner: TimedMessageControl;
  /** Receives the confirmation text; the dialog decides where to show it. */
  onSaved: (text: string) => void;
}

/** Current, new and confirmation; the server also checks history, commonness and the old password. */
export function PasswordTab({ banner, onSaved }: PasswordTabProps) {
  const { t } = useTranslation();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      OldPassword: validateWith(SetNewPasswordRequestSchema.shape.OldPassword),
      NewPassword: validateWith(PasswordSchema),
      ConfPassword: validateConfirmationOf('NewPassword'),
    },
  });
  const fieldProps = useFieldProps(form);
  const save = useMutation({
    mutationFn: (values: PasswordValues) => callApi(accountEndpoints.setNewPassword, { body: values }),
    onSuccess: () => {
      form.reset();
      onSaved(t('settings.password.saved'));
    },
    onError: (error) => banner.show({ kind: 'error', text: describeError(error) }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <PasswordField
          label={t('settings.password.current')}
          toggleLabel={t('settings.password.showCurrent')}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          {...fieldProps('OldPassword')}
        />
        <NewPasswordField
          label={t('settings.password.new')}
          toggleLabel={t('settings.password.showNew')}
          hasRule
          {...fieldProps('NewPassword')}
        />
        <NewPasswordField
          label={t('settings.password.confirm')}
          toggleLabel={t('settings.password.showConfirm')}
          {...fieldProps('ConfPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} loaderProps={{ role: 'progressbar', 'aria-label': t('settings.saving') }}>
            {t('settings.password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useRef } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { MFA_TYPE, NAME_INPUT_MAX_LENGTH, USERNAME_MAX_LENGTH, type UserInfo } from '@portal/contract';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { useFieldProps } from '../../lib/use-field-props';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { CommunicationDialog } from './communication-dialog';
import { ContactLanguageField } from './contact-language-field';
import { EmailField } from './email-field';
import { MfaPreferenceField } from './mfa-preference-field';
import { PhoneField } from './phone-field';
import { profileRules, profileValuesOf, type ProfileValues } from './profile-values';
import { adoptUserInfo } from './settings-queries';
import { useCommunicationDialog } from './use-communication-dialog';
import { useServerBaseline } from './use-server-baseline';
import { useSaveProfile } from './use-save-profile';

interface ProfileFormProps {
  userInfo: UserInfo;
  banner: TimedMessageControl;
  onSaved: () => void;
}

export function ProfileForm({ userInfo, banner, onSaved }: ProfileFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const save = useSaveProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const communication = useCommunicationDialog(formRef);
  const isSmsActive = userInfo.Client.ActiveMFASMS;
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: profileValuesOf(userInfo),
    validate: profileRules(userInfo.PhoneNumber),
    validateInputOnChange: true,
  });
  const fieldProps = useFieldProps(form);
  useServerBaseline(form, userInfo);
  // Spec section 4: something changed, everything valid (the phone included), no save running.
  const canSave = form.isDirty() && form.isValid() && !save.isPending;

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        banner.show({ kind: 'success', text: t('settings.profile.saved') });
        onSaved();
      },
      onError: (error) => banner.show({ kind: 'error', text: describeError(error) }),
    }),
  );

  // The code dialog stays outside the form: React bubbles its submit through the portal.
  return (
    <>
      <form ref={formRef} noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('settings.profile.username')}
            autoComplete="username"
            maxLength={USERNAME_MAX_LENGTH}
            withAsterisk
            {...fieldProps('Username')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('settings.profile.firstName')}
              autoComplete="given-name"
              maxLength={NAME_INPUT_MAX_LENGTH}
              withAsterisk
              {...fieldProps('FirstName')}
            />
            <TextInput
              label={t('settings.profile.lastName')}
              autoComplete="family-name"
              maxLength={NAME_INPUT_MAX_LENGTH}
              withAsterisk
              {...fieldProps('LastName')}
            />
          </SimpleGrid>
          <EmailField email={userInfo.Email} onEdit={() => communication.open('email')} />
          {isSmsActive && (
            <PhoneField
              phoneNumber={form.values.PhoneNumber}
              isRemovalPending={form.values.PhoneNumber === '' && userInfo.PhoneNumber !== ''}
              onEdit={() => communication.open('phone')}
              // Spec section 4: without a phone, codes go by e-mail.
              onRemove={() => form.setValues({ PhoneNumber: '', MFAType: MFA_TYPE.email })}
            />
          )}
          <ContactLanguageField
            value={form.values.ContactLanguage}
            onChange={(language) => form.setFieldValue('ContactLanguage', language)}
          />
          {isSmsActive && (
            <MfaPreferenceField
              value={form.values.MFAType}
              hasPhone={form.values.PhoneNumber !== ''}
              onChange={(type) => form.setFieldValue('MFAType', type)}
              error={errorText(form.errors.MFAType)}
            />
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!canSave}
              loading={save.isPending}
              loaderProps={{ role: 'progressbar', 'aria-label': t('settings.saving') }}
            >
              {t('settings.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <CommunicationDialog
        kind={communication.kind}
        email={userInfo.Email}
        phoneNumber={userInfo.PhoneNumber}
        onClose={communication.close}
        onClosed={communication.returnFocus}
        onChanged={(changed, kind) => {
          communication.close();
          const text = t(kind === 'email' ? 'settings.communication.emailChanged' : 'settings.communication.phoneChanged');
          banner.show({ kind: 'success', text });
          adoptUserInfo(queryClient, changed);
        }}
      />
    </>
  );
}

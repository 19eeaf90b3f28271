import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_INPUT_MAX_LENGTH } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { isSameContact, normaliseContact, type CommunicationKind } from './contact-value';

interface ContactValueStepProps {
  kind: CommunicationKind;
  currentValue: string;
  typed: string;
  onTypedChange: (typed: string) => void;
  isSending: boolean;
  /** Receives the value as the server stores it (lower-case address, E.164 number). */
  onSend: (value: string) => void;
  onCancel: () => void;
}

/** Step 1: the new address or number. Sending needs a valid value that differs from the saved one. */
export function ContactValueStep({ kind, currentValue, typed, onTypedChange, isSending, onSend, onCancel }: ContactValueStepProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [isTouched, setTouched] = useState(false);
  const normalised = normaliseContact(kind, typed);
  const value = 'value' in normalised ? normalised.value : undefined;
  const canSend = value !== undefined && !isSameContact(kind, value, currentValue) && !isSending;
  const fieldError = isTouched && 'errorKey' in normalised ? errorText(normalised.errorKey) : undefined;
  const isEmail = kind === 'email';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (canSend) onSend(value);
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t(isEmail ? 'settings.communication.emailIntro' : 'settings.communication.phoneIntro')}</Text>
        <TextInput
          label={t(isEmail ? 'settings.communication.newEmail' : 'settings.communication.newPhone')}
          description={isEmail ? undefined : t('settings.communication.phoneExample')}
          type={isEmail ? 'email' : 'tel'}
          autoComplete={isEmail ? 'email' : 'tel'}
          maxLength={isEmail ? EMAIL_INPUT_MAX_LENGTH : 30}
          value={typed}
          onChange={(event) => onTypedChange(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={fieldError}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!canSend}
            loading={isSending}
            loaderProps={{ role: 'progressbar', 'aria-label': t('code.sending') }}
          >
            {t('settings.communication.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

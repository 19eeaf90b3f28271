import { forwardRef } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { CODE_LENGTH } from '@portal/contract';
import { useTranslation } from '../i18n/use-translation';

interface OneTimeCodeInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The 7-digit code field: numeric keypad on phones, the code offered from an SMS by the
 * browser (one-time-code), and anything but digits dropped as it is typed or pasted. Its label
 * and hint are the same wherever a code is asked for.
 */
export const OneTimeCodeInput = forwardRef<HTMLInputElement, OneTimeCodeInputProps>(function OneTimeCodeInput(
  { value, onChange, ...props },
  ref,
) {
  const { t } = useTranslation();
  return (
    <TextInput
      ref={ref}
      label={t('code.label')}
      description={t('code.hint')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      {...props}
    />
  );
});

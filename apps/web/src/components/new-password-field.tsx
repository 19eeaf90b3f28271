import { PASSWORD_MAX_LENGTH } from '@portal/contract';
import { useTranslation } from '../i18n/use-translation';
import { PasswordField, type PasswordFieldProps } from './password-field';

interface NewPasswordFieldProps extends PasswordFieldProps {
  /** The field where the password is chosen states the rule; its confirmation does not repeat it. */
  hasRule?: boolean;
}

/** A password being chosen, or its confirmation: browsers offer to generate one and to save it. */
export function NewPasswordField({ hasRule = false, ...props }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <PasswordField
      description={hasRule ? t('password.rule') : undefined}
      autoComplete="new-password"
      maxLength={PASSWORD_MAX_LENGTH}
      {...props}
    />
  );
}

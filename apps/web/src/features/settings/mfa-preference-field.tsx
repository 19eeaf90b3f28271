import { Group, Radio } from '@mantine/core';
import { MFA_TYPE } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';

interface MfaPreferenceFieldProps {
  value: 0 | 1;
  hasPhone: boolean;
  onChange: (type: 0 | 1) => void;
  error?: string;
}

/** Where sign-in codes go. Without a phone number there is no choice to make (both options disabled). */
export function MfaPreferenceField({ value, hasPhone, onChange, error }: MfaPreferenceFieldProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('settings.profile.mfa')}
      description={hasPhone ? undefined : t('settings.profile.mfaNeedsPhone')}
      value={String(value)}
      onChange={(next) => onChange(Number(next) === MFA_TYPE.sms ? MFA_TYPE.sms : MFA_TYPE.email)}
      error={error}
      data-testid="mfa-preference"
    >
      <Group gap="lg" mt={6}>
        <Radio value={String(MFA_TYPE.email)} label={t('settings.profile.mfaEmail')} disabled={!hasPhone} />
        <Radio value={String(MFA_TYPE.sms)} label={t('settings.profile.mfaSms')} disabled={!hasPhone} />
      </Group>
    </Radio.Group>
  );
}

import { Group, Radio } from '@mantine/core';
import { MFA_TYPE } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import type { MfaChannel } from './use-mfa-resend';

/** Where the next code goes: e-mail or SMS. */
export function MfaChannelChoice({ value, onChange }: { value: MfaChannel; onChange: (channel: MfaChannel) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('mfa.channel')}
      value={String(value)}
      onChange={(next) => onChange(Number(next) === MFA_TYPE.sms ? MFA_TYPE.sms : MFA_TYPE.email)}
      data-testid="mfa-channel"
    >
      <Group gap="lg" mt={6}>
        <Radio value={String(MFA_TYPE.email)} label={t('mfa.channelEmail')} />
        <Radio value={String(MFA_TYPE.sms)} label={t('mfa.channelSms')} />
      </Group>
    </Radio.Group>
  );
}

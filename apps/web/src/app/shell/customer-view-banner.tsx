import { useEffect, useState } from 'react';
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { CUSTOMER_VIEW_LOST_EVENT, leaveCustomerView, type StoredCustomerView } from '../../lib/customer-view';
import classes from './customer-view-banner.module.css';

const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim();

/** Seconds left until a moment, told again each second. */
function useSecondsUntil(moment: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(moment) - now) / 1_000));
}

/**
 * Above every page of a customer view: whose portal this is, who is looking and why, the time
 * left, and one button to leave. The view is left by itself when its time runs out or a call
 * finds its session gone. The minutes left are read out as they change, not every second.
 */
export function CustomerViewBanner({ stored }: { stored: StoredCustomerView }) {
  const { t } = useTranslation();
  const { view, staff } = stored;
  const secondsLeft = useSecondsUntil(view.expiresAt);
  const [isLeaving, setIsLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const leave = () => {
    if (isLeaving) return;
    setIsLeaving(true);
    leaveCustomerView().catch((error: unknown) => {
      setIsLeaving(false);
      setFailure(describeError(error));
    });
  };
  useEffect(() => {
    if (secondsLeft === 0) leave();
  }, [secondsLeft === 0]); // eslint-disable-line react-hooks/exhaustive-deps -- leaves once, when the time has run out
  useEffect(() => {
    window.addEventListener(CUSTOMER_VIEW_LOST_EVENT, leave);
    return () => window.removeEventListener(CUSTOMER_VIEW_LOST_EVENT, leave);
  });

  const minutes = Math.floor(secondsLeft / 60);
  const clock = `${minutes}:${String(secondsLeft % 60).padStart(2, '0')}`;
  return (
    <section className={classes.banner} aria-label={t('customerView.region')} data-testid="customer-view-banner">
      <Group gap="sm" wrap="wrap" justify="space-between" className={classes.inner}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconEye size={20} aria-hidden className={classes.icon} />
          <div>
            <Text fw={700}>{t('customerView.viewing', { customer: fullName(view.customer), username: view.customer.username })}</Text>
            <Text size="sm">
              {t('customerView.by', { staff: fullName(staff) })} · {t('customerView.reason', { reason: view.reason })}
            </Text>
            <Text size="sm" aria-hidden data-testid="customer-view-time-left">
              {t('customerView.timeLeft', { clock })}
            </Text>
            <VisuallyHidden role="status">{t('customerView.minutesLeft', { count: Math.ceil(secondsLeft / 60) })}</VisuallyHidden>
            {failure && (
              <Text size="sm" role="alert">
                {failure}
              </Text>
            )}
          </div>
        </Group>
        <Button variant="white" color="dark" loading={isLeaving} onClick={leave}>
          {t('customerView.leave')}
        </Button>
      </Group>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  customerViewEndpoints,
  CUSTOMER_VIEW_REASON_MAX_LENGTH,
  StartCustomerViewRequestSchema,
  type LoggedInUser,
  type ManagedUser,
} from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { enterCustomerView } from '../../lib/customer-view';
import { useErrorText } from '../../lib/error-text';
import { fullNameOf } from './display-names';

interface CustomerViewDialogProps {
  user: ManagedUser | null;
  /** The staff member opening the view, to come back to when it is left. */
  staff: LoggedInUser | null;
  onClose: () => void;
}

/** The reason, as the contract checks it: the field's error key, or none. */
function reasonError(reason: string): string | undefined {
  const checked = StartCustomerViewRequestSchema.safeParse({ reason });
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/**
 * "View as this customer": says what the view is and what the customer will read of it, asks
 * why (a ticket number), and opens the view, which then takes the whole portal until it is left.
 */
export function CustomerViewDialog({ user, staff, onClose }: CustomerViewDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const start = useMutation({
    mutationFn: (args: { id: number; reason: string }) =>
      callApi(customerViewEndpoints.startCustomerView, { params: { id: args.id }, body: { reason: args.reason } }),
  });
  useEffect(() => {
    if (user) {
      setReason('');
      setError(undefined);
      start.reset();
    }
  }, [user]); // eslint-disable-line react-hooks/exhaustive-deps -- a new person starts a new form

  const confirm = () => {
    const refused = reasonError(reason);
    setError(refused);
    if (refused || !user || !staff) return;
    start.mutate({ id: user.Id, reason: reason.trim() }, { onSuccess: (answer) => enterCustomerView(answer, staff) });
  };
  const name = user ? fullNameOf(user) : '';

  return (
    <Dialog opened={user !== null} onClose={onClose} title={t('userManagement.customerView.title', { name })} centered>
      {user && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Stack gap="lg">
            {start.isError && <ErrorAlert>{describeError(start.error)}</ErrorAlert>}
            <Text>{t('userManagement.customerView.text', { name })}</Text>
            <Text size="sm">{t('userManagement.customerView.recorded', { name })}</Text>
            <TextInput
              label={t('userManagement.customerView.reason')}
              description={t('userManagement.customerView.reasonHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={CUSTOMER_VIEW_REASON_MAX_LENGTH}
              required
              error={errorText(error)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={start.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={start.isPending}>
                {t('userManagement.customerView.open')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

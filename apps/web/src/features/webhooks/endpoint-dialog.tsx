import { useEffect } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';
import type { WebhookChanges } from './webhook-queries';

interface FormValues {
  url: string;
  description: string;
  events: string[];
}

interface EndpointDialogProps {
  /** The endpoint changed, `new` for a new one, null while closed. */
  editing: WebhookEndpoint | 'new' | null;
  save: WebhookChanges['save'];
  onClose: () => void;
  /** A new endpoint's secret, to be shown once. */
  onCreated: (shown: { url: string; secret: string }) => void;
}

/** Registers an endpoint or changes one: its address, a description, and the events it receives. */
export function EndpointDialog({ editing, save, onClose, onCreated }: EndpointDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const endpoint = editing === 'new' ? null : editing;
  const form = useForm<FormValues>({
    initialValues: { url: '', description: '', events: [] },
    validate: {
      url: (value) => (value.trim() === '' ? t('validation.webhookUrlInvalid') : null),
      events: (value) => (value.length === 0 ? t('validation.webhookEventsRequired') : null),
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (editing === null) return;
    setValues({ url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? [] });
    resetDirty();
    // Filled anew each time the dialog opens, for the endpoint it opens on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const submit = form.onSubmit((values) => {
    const body = { url: values.url.trim(), description: values.description.trim(), events: values.events as WebhookEventType[] };
    save.mutate(
      { id: endpoint?.id ?? null, body },
      {
        onSuccess: (answer) => {
          onClose();
          if (answer.secret) onCreated({ url: answer.endpoint.url, secret: answer.secret });
        },
      },
    );
  });

  return (
    <Dialog
      opened={editing !== null}
      onClose={onClose}
      title={endpoint ? t('webhooks.form.editTitle') : t('webhooks.form.newTitle')}
      size="lg"
      fullScreen={isMobile}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {save.error && <ErrorAlert>{describeError(save.error)}</ErrorAlert>}
          <TextInput
            label={t('webhooks.form.url')}
            description={t('webhooks.form.urlDescription')}
            type="url"
            required
            data-autofocus
            {...form.getInputProps('url')}
          />
          <TextInput label={t('webhooks.form.description')} {...form.getInputProps('description')} />
          <Checkbox.Group label={t('webhooks.form.events')} required {...form.getInputProps('events')}>
            <SimpleGrid cols={isMobile ? 1 : 2} spacing="xs" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`webhooks.events.${type}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('webhooks.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {endpoint ? t('webhooks.form.save') : t('webhooks.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

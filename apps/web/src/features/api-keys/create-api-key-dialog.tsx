import { useEffect, useId, useRef } from 'react';
import { Button, Checkbox, Fieldset, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_KEY_NAME_MAX_LENGTH, type ApiKeyClientOption, type ApiKeySummary } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { readFieldIssues } from '../../lib/field-issues';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { useIsMobile } from '../../lib/use-is-mobile';
import {
  API_KEY_FORM_FIELDS,
  createInitialValues,
  toCreateBody,
  validateApiKeyForm,
  type ApiKeyFormValues,
  type ApiKeyScope,
} from './api-key-form';
import type { useApiKeyChanges } from './api-key-queries';

interface CreateApiKeyDialogProps {
  opened: boolean;
  clients: ApiKeyClientOption[];
  /** A SUPER_USER chooses the client; INTERNAL staff make keys for their own. */
  canChooseClient: boolean;
  ownClientCode: string | undefined;
  create: ReturnType<typeof useApiKeyChanges>['create'];
  onClose: () => void;
  onCreated: (created: { key: ApiKeySummary; secret: string }) => void;
}

/** "Create a key": a name, the client (super users), and every type or only some. */
export function CreateApiKeyDialog({
  opened,
  clients,
  canChooseClient,
  ownClientCode,
  create,
  onClose,
  onCreated,
}: CreateApiKeyDialogProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const errorText = useErrorText();
  const isMobile = useIsMobile();
  const formRef = useRef<HTMLFormElement>(null);
  const scopeName = useId();
  const form = useForm<ApiKeyFormValues>({
    mode: 'controlled',
    initialValues: createInitialValues(clients, ownClientCode),
    validate: validateApiKeyForm,
  });
  const { values } = form;
  const chosenClient = clients.find((client) => String(client.id) === values.clientId);

  // Each opening starts afresh, on the clients known by then.
  const { setValues, clearErrors } = form;
  const resetCreate = create.reset;
  useEffect(() => {
    if (!opened) return;
    setValues(createInitialValues(clients, ownClientCode));
    clearErrors();
    resetCreate();
    // Only on opening: later updates of the client list must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const submit = form.onSubmit(
    (submitted) =>
      create.mutate(toCreateBody(submitted), {
        onSuccess: (answer) => onCreated(answer.data),
        onError: (error) => {
          const issues = readFieldIssues(error, API_KEY_FORM_FIELDS);
          if (Object.keys(issues).length > 0) {
            form.setErrors(issues);
            focusFirstInvalid(formRef.current);
          }
        },
      }),
    () => focusFirstInvalid(formRef.current),
  );
  const hasFieldIssues = create.isError && Object.keys(readFieldIssues(create.error, API_KEY_FORM_FIELDS)).length > 0;

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('apiKeys.form.title')}
      centered
      fullScreen={isMobile}
      data-testid="create-api-key-dialog"
    >
      <form ref={formRef} noValidate onSubmit={submit}>
        <Stack gap="md">
          {create.isError && !hasFieldIssues && <ErrorAlert>{describeError(create.error)}</ErrorAlert>}
          <TextInput
            label={t('apiKeys.form.name')}
            description={t('apiKeys.form.nameDescription')}
            maxLength={API_KEY_NAME_MAX_LENGTH}
            autoComplete="off"
            required
            data-autofocus
            {...form.getInputProps('name')}
            error={errorText(form.errors.name)}
          />
          {canChooseClient && (
            <Select
              label={t('apiKeys.form.client')}
              data={clients.map((client) => ({
                value: String(client.id),
                label: `${pickBilingual(language, { en: client.nameEn, fr: client.nameFr })} (${client.code})`,
              }))}
              value={values.clientId || null}
              onChange={(id) => form.setValues({ clientId: id ?? '', types: [] })}
              allowDeselect={false}
              searchable
              required
              error={errorText(form.errors.clientId)}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Fieldset legend={t('apiKeys.form.types')} variant="unstyled">
            <Stack gap="sm">
              {(['all', 'some'] as const satisfies readonly ApiKeyScope[]).map((scope) => (
                <Radio
                  key={scope}
                  name={scopeName}
                  value={scope}
                  checked={values.scope === scope}
                  onChange={() => form.setFieldValue('scope', scope)}
                  label={t(`apiKeys.form.scope.${scope}`)}
                />
              ))}
              {values.scope === 'some' && (
                <Checkbox.Group
                  label={t('apiKeys.form.chosenTypes')}
                  value={values.types}
                  onChange={(types) => form.setFieldValue('types', types)}
                  error={errorText(form.errors.types)}
                  required
                  pl="lg"
                >
                  <Stack gap="xs" mt="xs">
                    {(chosenClient?.types ?? []).map((type) => (
                      <Checkbox key={type.code} value={type.code} label={pickBilingual(language, { en: type.titleEn, fr: type.titleFr })} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('apiKeys.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

import { useEffect, useId, useRef } from 'react';
import { ActionIcon, Button, Fieldset, Group, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  LEGAL_HOLD_REASON_MAX_LENGTH,
  LEGAL_HOLD_SUBJECTS,
  LEGAL_HOLD_VALUE_MAX_LENGTH,
  type LegalHold,
  type LegalHoldClientOption,
} from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api-error';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { readFieldIssues } from '../../lib/field-issues';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { useIsMobile } from '../../lib/use-is-mobile';
import {
  createInitialValues,
  fieldOfError,
  LEGAL_HOLD_FORM_FIELDS,
  MAY_ADD_VALUE,
  toPlaceBody,
  validateLegalHoldForm,
  type LegalHoldFormValues,
} from './legal-hold-form';
import type { useLegalHoldChanges } from './legal-hold-queries';

interface PlaceLegalHoldDialogProps {
  opened: boolean;
  clients: LegalHoldClientOption[];
  /** A SUPER_USER chooses the client; a client's own staff hold for their own. */
  canChooseClient: boolean;
  ownClientCode: string | undefined;
  place: ReturnType<typeof useLegalHoldChanges>['place'];
  onClose: () => void;
  onPlaced: (hold: LegalHold) => void;
}

/** "Place a hold": what it keeps (a customer's values, a type, or one document) and why. */
export function PlaceLegalHoldDialog({
  opened,
  clients,
  canChooseClient,
  ownClientCode,
  place,
  onClose,
  onPlaced,
}: PlaceLegalHoldDialogProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const errorText = useErrorText();
  const isMobile = useIsMobile();
  const formRef = useRef<HTMLFormElement>(null);
  const subjectName = useId();
  const form = useForm<LegalHoldFormValues>({
    mode: 'controlled',
    initialValues: createInitialValues(clients, ownClientCode),
    validate: validateLegalHoldForm,
  });
  const { values } = form;
  const chosenClient = clients.find((client) => String(client.id) === values.clientId);

  const { setValues, clearErrors } = form;
  const resetPlace = place.reset;
  useEffect(() => {
    if (!opened) return;
    setValues(createInitialValues(clients, ownClientCode));
    clearErrors();
    resetPlace();
    // Only on opening: later updates of the client list must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const submit = form.onSubmit(
    (submitted) =>
      place.mutate(toPlaceBody(submitted), {
        onSuccess: (answer) => onPlaced(answer.data),
        onError: (error) => {
          const issues = readFieldIssues(error, LEGAL_HOLD_FORM_FIELDS);
          // A refusal about what the form names (a type, a document, an attribute) goes beside its field.
          const field = isApiError(error) ? fieldOfError(error.key) : undefined;
          if (field && isApiError(error)) issues[field] = error.key;
          if (Object.keys(issues).length > 0) {
            form.setErrors(issues);
            focusFirstInvalid(formRef.current);
          }
        },
      }),
    () => focusFirstInvalid(formRef.current),
  );
  const hasFieldIssues = Object.keys(form.errors).length > 0;
  const typeOptions = (chosenClient?.types ?? []).map((type) => ({
    value: type.code,
    label: pickBilingual(language, { en: type.titleEn, fr: type.titleFr }),
  }));
  const attributeOptions = (chosenClient?.attributes ?? []).map((attribute) => ({
    value: attribute.name,
    label: pickBilingual(language, { en: attribute.labelEn, fr: attribute.labelFr }),
  }));

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('legalHolds.form.title')}
      centered
      fullScreen={isMobile}
      data-testid="place-legal-hold-dialog"
    >
      <form ref={formRef} noValidate onSubmit={submit}>
        <Stack gap="md">
          {place.isError && !hasFieldIssues && <ErrorAlert>{describeError(place.error)}</ErrorAlert>}
          {canChooseClient && (
            <Select
              label={t('legalHolds.form.client')}
              data={clients.map((client) => ({
                value: String(client.id),
                label: `${pickBilingual(language, { en: client.nameEn, fr: client.nameFr })} (${client.code})`,
              }))}
              value={values.clientId || null}
              onChange={(id) => {
                const client = clients.find((each) => String(each.id) === id);
                form.setValues({ clientId: id ?? '', typeCode: '', values: [{ attribute: client?.attributes[0]?.name ?? '', value: '' }] });
              }}
              allowDeselect={false}
              searchable
              required
              error={errorText(form.errors.clientId)}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Fieldset legend={t('legalHolds.form.subject')} variant="unstyled">
            <Stack gap="xs">
              {LEGAL_HOLD_SUBJECTS.map((subject) => (
                <Radio
                  key={subject}
                  name={subjectName}
                  value={subject}
                  checked={values.subject === subject}
                  onChange={() => form.setFieldValue('subject', subject)}
                  label={t(`legalHolds.form.subjects.${subject}`)}
                />
              ))}
            </Stack>
          </Fieldset>
          {values.subject === 'customer' ? (
            <Fieldset legend={t('legalHolds.form.values')} variant="unstyled">
              <Stack gap="xs">
                {values.values.map((pair, index) => (
                  <Group key={index} gap="xs" align="flex-end" wrap={isMobile ? 'wrap' : 'nowrap'}>
                    <Select
                      label={t('legalHolds.form.attribute', { number: String(index + 1) })}
                      data={attributeOptions}
                      value={pair.attribute || null}
                      onChange={(name) => form.setFieldValue(`values.${index}.attribute`, name ?? '')}
                      allowDeselect={false}
                      required
                      w={isMobile ? '100%' : 220}
                      comboboxProps={{ withinPortal: true }}
                    />
                    <TextInput
                      label={t('legalHolds.form.value', { number: String(index + 1) })}
                      maxLength={LEGAL_HOLD_VALUE_MAX_LENGTH}
                      autoComplete="off"
                      required
                      style={{ flex: 1 }}
                      {...form.getInputProps(`values.${index}.value`)}
                    />
                    {values.values.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        aria-label={t('legalHolds.form.removeValue', { number: String(index + 1) })}
                        onClick={() => form.removeListItem('values', index)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                ))}
                {form.errors.values && <ErrorAlert>{errorText(form.errors.values)}</ErrorAlert>}
                {MAY_ADD_VALUE(values) && (
                  <Button
                    variant="subtle"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => form.insertListItem('values', { attribute: '', value: '' })}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('legalHolds.form.addValue')}
                  </Button>
                )}
              </Stack>
            </Fieldset>
          ) : (
            <Select
              label={t('legalHolds.form.type')}
              data={typeOptions}
              value={values.typeCode || null}
              onChange={(code) => form.setFieldValue('typeCode', code ?? '')}
              allowDeselect={false}
              searchable
              required
              error={errorText(form.errors.typeCode)}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {values.subject === 'document' && (
            <TextInput
              label={t('legalHolds.form.externalId')}
              description={t('legalHolds.form.externalIdDescription')}
              autoComplete="off"
              required
              {...form.getInputProps('externalId')}
              error={errorText(form.errors.externalId)}
            />
          )}
          <Textarea
            label={t('legalHolds.form.reason')}
            description={t('legalHolds.form.reasonDescription')}
            maxLength={LEGAL_HOLD_REASON_MAX_LENGTH}
            autosize
            minRows={2}
            required
            {...form.getInputProps('reason')}
            error={errorText(form.errors.reason)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={place.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={place.isPending}>
              {t('legalHolds.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

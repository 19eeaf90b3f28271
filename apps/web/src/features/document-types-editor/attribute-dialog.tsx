import { useState } from 'react';
import { Button, Group, Radio, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import {
  ATTRIBUTE_DESCRIPTION_MAX_LENGTH,
  ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH,
  ATTRIBUTE_CURRENCIES,
  ATTRIBUTE_ORDERINGS,
  type AttributeCurrency,
  type AttributeOrdering,
  type ConsoleAttribute,
} from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { toIntlLocale } from '../../lib/format';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { readFieldIssues, readIssues } from '../../lib/field-issues';
import { attributeSettingsOf, type DocumentTypeChanges } from './document-types-queries';
import { ValueLabelsEditor } from './value-labels-editor';

const FIELDS = ['displayNameEn', 'displayNameFr', 'descriptionEn', 'descriptionFr'] as const;
const NO_CURRENCY = 'none';
/** A currency's name in the reader's language, from the browser ("Canadian Dollar", « dollar canadien »). */
const currencyName = (code: string, language: string) =>
  new Intl.DisplayNames([toIntlLocale(language)], { type: 'currency' }).of(code) ?? code;

function AttributeForm({ attribute, changes, onClose }: { attribute: ConsoleAttribute; changes: DocumentTypeChanges; onClose(): void }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const errorText = useErrorText();
  const [draft, setDraft] = useState(() => attributeSettingsOf(attribute));
  const save = changes.updateAttribute;
  const issues = readFieldIssues(save.error, FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({
    value: draft[name],
    onChange: (event: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: event.currentTarget.value }),
    error: errorText(issues[name]),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ attributeId: attribute.id, body: draft }, { onSuccess: onClose });
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('console.types.displayNameEn')}
            lang="en"
            required
            maxLength={ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH}
            data-autofocus
            {...field('displayNameEn')}
          />
          <TextInput
            label={t('console.types.displayNameFr')}
            lang="fr"
            required
            maxLength={ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH}
            {...field('displayNameFr')}
          />
          <Textarea
            label={t('console.types.descriptionEn')}
            lang="en"
            autosize
            minRows={2}
            maxLength={ATTRIBUTE_DESCRIPTION_MAX_LENGTH}
            {...field('descriptionEn')}
          />
          <Textarea
            label={t('console.types.descriptionFr')}
            lang="fr"
            autosize
            minRows={2}
            maxLength={ATTRIBUTE_DESCRIPTION_MAX_LENGTH}
            {...field('descriptionFr')}
          />
        </SimpleGrid>
        <Radio.Group
          label={t('console.types.orderingLegend')}
          value={draft.ordering ?? attribute.ordering}
          onChange={(value) => setDraft({ ...draft, ordering: value as AttributeOrdering })}
        >
          <Stack gap="xs" mt="xs">
            {ATTRIBUTE_ORDERINGS.map((ordering) => (
              <Radio
                key={ordering}
                value={ordering}
                label={t(`console.types.orderings.${ordering}`)}
                description={t(`console.types.orderingHelp.${ordering}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label={t('console.types.currency')}
          description={t('console.types.currencyHelp')}
          data={[
            { value: NO_CURRENCY, label: t('console.types.currencyNone') },
            ...ATTRIBUTE_CURRENCIES.map((code) => ({ value: code, label: `${code} – ${currencyName(code, language)}` })),
          ]}
          value={(draft.currency === undefined ? attribute.currency : draft.currency) ?? NO_CURRENCY}
          onChange={(value) => setDraft({ ...draft, currency: !value || value === NO_CURRENCY ? null : (value as AttributeCurrency) })}
          allowDeselect={false}
        />
        <ValueLabelsEditor
          labels={draft.valueLabels ?? []}
          onChange={(valueLabels) => setDraft({ ...draft, valueLabels })}
          issues={readIssues(save.error).filter((issue) => issue.path.startsWith('valueLabels'))}
        />
        {save.isError && <ErrorAlert>{describeError(save.error)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('console.types.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('console.types.saveAttribute')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An attribute's names and descriptions in both languages, how its column sorts, and its values that are words in both languages. */
export function AttributeDialog(props: { attribute: ConsoleAttribute | null; changes: DocumentTypeChanges; onClose(): void }) {
  const { t } = useTranslation();
  const { attribute, changes, onClose } = props;
  return (
    <Dialog
      opened={attribute !== null}
      onClose={onClose}
      size="lg"
      title={attribute ? t('console.types.attributeDialogTitle', { name: attribute.name }) : ''}
    >
      {attribute && <AttributeForm key={attribute.id} attribute={attribute} changes={changes} onClose={onClose} />}
    </Dialog>
  );
}

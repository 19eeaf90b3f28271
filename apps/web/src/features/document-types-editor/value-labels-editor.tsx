import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import type { FieldIssue } from '../../lib/field-issues';
import {
  ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH,
  ATTRIBUTE_VALUE_LABELS_MAX,
  ATTRIBUTE_VALUE_MAX_LENGTH,
  type AttributeValueLabel,
} from '@portal/contract';

/** A word's three fields: the value as documents carry it (in no one language), then each language's. */
const WORD_FIELDS = [
  { field: 'value', labelKey: 'console.types.wordValue', lang: undefined, maxLength: ATTRIBUTE_VALUE_MAX_LENGTH },
  { field: 'en', labelKey: 'console.types.wordEn', lang: 'en', maxLength: ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH },
  { field: 'fr', labelKey: 'console.types.wordFr', lang: 'fr', maxLength: ATTRIBUTE_DISPLAY_NAME_MAX_LENGTH },
] as const;

/**
 * An attribute's values that are words, each as documents carry it with what it reads in English
 * and in French: one row per value, added and removed in place.
 */
export function ValueLabelsEditor({
  labels,
  onChange,
  issues,
}: {
  labels: AttributeValueLabel[];
  onChange(labels: AttributeValueLabel[]): void;
  /** The server's refusals by path (`valueLabels`, `valueLabels.2.fr`), as translation keys. */
  issues: FieldIssue[];
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const issueAt = (path: string) => errorText(issues.find((issue) => issue.path === path)?.message);
  const change = (index: number, field: keyof AttributeValueLabel, text: string) =>
    onChange(labels.map((label, at) => (at === index ? { ...label, [field]: text } : label)));
  return (
    <Fieldset legend={t('console.types.wordsLegend')} variant="unstyled">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('console.types.wordsHelp')}
        </Text>
        {labels.length === 0 && <Text size="sm">{t('console.types.wordsNone')}</Text>}
        {issueAt('valueLabels') && (
          <Text size="sm" c="red.8" role="alert">
            {issueAt('valueLabels')}
          </Text>
        )}
        {labels.map((label, index) => (
          <Group key={index} gap="xs" align="flex-end" wrap="wrap" data-testid="value-label-row">
            {WORD_FIELDS.map(({ field, labelKey, lang, maxLength }) => (
              <TextInput
                key={field}
                label={t(labelKey)}
                lang={lang}
                maxLength={maxLength}
                value={label[field]}
                onChange={(event) => change(index, field, event.currentTarget.value)}
                error={issueAt(`valueLabels.${index}.${field}`)}
                style={{ flex: '1 1 10rem' }}
              />
            ))}
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('console.types.removeWord', { value: label.value })}
              onClick={() => onChange(labels.filter((_, at) => at !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={labels.length >= ATTRIBUTE_VALUE_LABELS_MAX}
            onClick={() => onChange([...labels, { value: '', en: '', fr: '' }])}
          >
            {t('console.types.addWord')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

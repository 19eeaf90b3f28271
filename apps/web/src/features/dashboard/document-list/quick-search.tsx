import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { QUICK_SEARCH_MAX_FIELDS, SEARCH_OPERATIONS, SEARCH_TEXT_MAX_LENGTH, type QuickSearch } from '@portal/contract';
import { useTranslation } from '../../../i18n/use-translation';
import type { DocumentColumn } from '../../../lib/attribute-values';
import type { QuickSearchPreset } from './search-preference';

interface QuickSearchFormProps {
  title: string;
  terms: DocumentColumn[];
  /** The person's last fields and operation for this type, if any. */
  preset: QuickSearchPreset | null;
  /** The search the list applies as the form appears (brought back by a reload or Back), shown as typed. */
  applied: QuickSearch | null;
  onSearch: (search: QuickSearch | null) => void;
}

const OPERATIONS = ['equal', 'startsWith', 'endsWith', 'contains'] as const;

/** Text, up to three fields to look in, and how the text must match; an empty text clears the search. */
export function QuickSearchForm({ title, terms, preset, applied, onSearch }: QuickSearchFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(applied?.text ?? '');
  const [fields, setFields] = useState<string[] | null>(applied?.fields ?? null);
  const [chosenOperation, setOperation] = useState<QuickSearch['operation'] | null>(applied?.operation ?? null);
  const [error, setError] = useState<string | null>(null);
  // Until the user chooses, the last search of this type sets the ticks and operation, else the first field and "contains".
  // The fields arrive after the form, so they are read at each render rather than copied into the state.
  const ticked = fields ?? preset?.fields ?? terms.slice(0, 1).map((term) => term.name);
  const operation = chosenOperation ?? preset?.operation ?? SEARCH_OPERATIONS.contains;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError(null);
      return onSearch(null);
    }
    if (ticked.length === 0) return setError(t('validation.searchFieldRequired'));
    setError(null);
    onSearch({ text: trimmed, fields: ticked, operation });
  };

  return (
    <form onSubmit={submit} role="search" aria-label={t('documents.quickSearch', { title })}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('documents.searchText')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          error={error}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label={t('documents.operation')}
          data={OPERATIONS.map((name) => ({ value: String(SEARCH_OPERATIONS[name]), label: t(`documents.operations.${name}`) }))}
          value={String(operation)}
          onChange={(value) => value !== null && setOperation(Number(value) as QuickSearch['operation'])}
          allowDeselect={false}
          w={160}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {t('documents.search')}
        </Button>
      </Group>
      <Checkbox.Group label={t('documents.searchIn', { max: QUICK_SEARCH_MAX_FIELDS })} value={ticked} onChange={setFields} mt="xs">
        <Group gap="md" mt={4}>
          {terms.map((term) => (
            <Checkbox
              key={term.name}
              value={term.name}
              label={term.label}
              disabled={!ticked.includes(term.name) && ticked.length >= QUICK_SEARCH_MAX_FIELDS}
            />
          ))}
        </Group>
      </Checkbox.Group>
    </form>
  );
}

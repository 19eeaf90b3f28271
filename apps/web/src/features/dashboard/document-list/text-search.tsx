import { useState, type FormEvent } from 'react';
import { Button, Checkbox, CloseButton, Group, Text, TextInput } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { SEARCH_TEXT_MAX_LENGTH } from '@portal/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { formatNumber } from '../../../lib/format';

interface TextSearchFormProps {
  title: string;
  /** The words the list is searched by now, if any. */
  applied: string | null;
  sortByRelevance: boolean;
  /** Sorted by relevance, when the answer ranked only the first matches of the list's order: how many. */
  rankedFirst?: number;
  onSearch: (words: string | null) => void;
  onSortByRelevance: (isChecked: boolean) => void;
}

/**
 * Words to find inside the documents' own text; they combine with every other filter. An empty
 * text clears the search. While a search is applied, the best matches may come first.
 */
export function TextSearchForm({ title, applied, sortByRelevance, rankedFirst, onSearch, onSortByRelevance }: TextSearchFormProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [text, setText] = useState(applied ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || null);
  };
  const clear = () => {
    setText('');
    onSearch(null);
  };

  return (
    <form onSubmit={submit} aria-label={t('documents.textSearchOf', { title })}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('documents.textSearch')}
          description={t('documents.textSearchHint')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          rightSection={text ? <CloseButton size="sm" aria-label={t('documents.clearTextSearch')} onClick={clear} /> : null}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="default" leftSection={<IconFileSearch size={16} aria-hidden />}>
          {t('documents.findInText')}
        </Button>
        {applied && (
          <Checkbox
            label={t('documents.sortByRelevance')}
            checked={sortByRelevance}
            onChange={(event) => onSortByRelevance(event.currentTarget.checked)}
            mb={8}
          />
        )}
      </Group>
      {applied && sortByRelevance && rankedFirst !== undefined && (
        <Text size="sm" c="dimmed" mt={4} data-testid="ranked-first">
          {t('documents.rankedFirst', { count: rankedFirst, formatted: formatNumber(rankedFirst, language) })}
        </Text>
      )}
    </form>
  );
}

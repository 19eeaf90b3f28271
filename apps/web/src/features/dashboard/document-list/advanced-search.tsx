import { useState, type FormEvent } from 'react';
import { Button, Group, Indicator, Popover, Stack, TextInput } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { SEARCH_TEXT_MAX_LENGTH } from '@portal/contract';
import { useTranslation } from '../../../i18n/use-translation';
import type { DocumentColumn } from '../../../lib/attribute-values';
import type { AdvancedTerm } from './use-list-request';

interface AdvancedSearchMenuProps {
  terms: DocumentColumn[];
  applied: AdvancedTerm[];
  onApply: (terms: AdvancedTerm[]) => void;
}

/** One text per searchable attribute; every filled one must match. */
export function AdvancedSearchMenu({ terms, applied, onApply }: AdvancedSearchMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});

  const open = () => {
    setValues(Object.fromEntries(applied.map((term) => [term.attribute, term.value])));
    setOpened(true);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(
      Object.entries(values)
        .map(([attribute, value]) => ({ attribute, value: value.trim() }))
        .filter((term) => term.value !== ''),
    );
    setOpened(false);
  };
  const clear = () => {
    setValues({});
    onApply([]);
    setOpened(false);
  };

  return (
    <Indicator disabled={applied.length === 0} label={applied.length} size={16} color="red.9">
      <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" shadow="md" width={300} withinPortal>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconAdjustments size={16} aria-hidden />}
            onClick={() => (opened ? setOpened(false) : open())}
          >
            {t('documents.advancedSearch')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <form onSubmit={apply} aria-label={t('documents.advancedSearch')}>
            <Stack gap="sm">
              {terms.map((term) => (
                <TextInput
                  key={term.name}
                  label={term.label}
                  value={values[term.name] ?? ''}
                  maxLength={SEARCH_TEXT_MAX_LENGTH}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((current) => ({ ...current, [term.name]: value }));
                  }}
                />
              ))}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={clear}>
                  {t('documents.clear')}
                </Button>
                <Button type="submit">{t('documents.apply')}</Button>
              </Group>
            </Stack>
          </form>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

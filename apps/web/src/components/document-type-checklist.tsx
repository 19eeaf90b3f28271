import { Checkbox, Stack } from '@mantine/core';
import { pickBilingual } from '../i18n/pick-bilingual';
import { useCurrentLanguage } from '../i18n/use-current-language';

export interface ChecklistType {
  Id: number;
  TitleEn: string;
  TitleFr: string;
  Checked: boolean;
}

interface DocumentTypeChecklistProps {
  legend: string;
  types: ChecklistType[];
  onToggle: (id: number, checked: boolean) => void;
  /** Already translated. */
  error?: string;
  /** A note under a type's name, such as "already in your documents". */
  noteOf?: (id: number) => string | undefined;
}

/** The document types to subscribe to, one checkbox each, titled in the current language. */
export function DocumentTypeChecklist({ legend, types, onToggle, error, noteOf }: DocumentTypeChecklistProps) {
  const language = useCurrentLanguage();
  return (
    <Checkbox.Group
      label={legend}
      value={types.filter((type) => type.Checked).map((type) => String(type.Id))}
      onChange={(checked) => {
        for (const type of types) {
          const isChecked = checked.includes(String(type.Id));
          if (isChecked !== type.Checked) onToggle(type.Id, isChecked);
        }
      }}
      error={error}
      data-testid="document-type-checklist"
    >
      <Stack gap="sm" mt="xs">
        {types.map((type) => (
          <Checkbox
            key={type.Id}
            value={String(type.Id)}
            label={pickBilingual(language, { en: type.TitleEn, fr: type.TitleFr })}
            description={noteOf?.(type.Id)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

import { Fieldset, Stack, TextInput } from '@mantine/core';
import { ATTRIBUTE_VALUE_MAX_LENGTH, type ChosenReport } from '@portal/contract';
import { pickBilingual } from '../i18n/pick-bilingual';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { useErrorText } from '../lib/error-text';
import { attributeFieldKey } from '../lib/subscription-values';

interface SubscriptionAttributeFieldsProps {
  reports: ChosenReport[];
  /** Translation keys by attribute field key. */
  errors: Record<string, string>;
  onChange: (reportId: number, attributeId: number, value: string) => void;
}

/**
 * The information that proves a person owns documents of each chosen type: one group per type,
 * one required field per attribute, named and explained in the current language.
 */
export function SubscriptionAttributeFields({ reports, errors, onChange }: SubscriptionAttributeFieldsProps) {
  const errorText = useErrorText();
  const language = useCurrentLanguage();
  return (
    <Stack gap="md">
      {reports.map((report) => (
        <Fieldset
          key={report.Id}
          legend={pickBilingual(language, { en: report.TitleEn, fr: report.TitleFr })}
          styles={{ legend: { fontWeight: 600 } }}
          data-testid={`attributes-${report.Id}`}
        >
          <Stack gap="sm">
            {report.Attributes.map((attribute) => {
              const key = attributeFieldKey(report.Id, attribute.AttributeId);
              return (
                <TextInput
                  key={key}
                  label={pickBilingual(language, { en: attribute.NameEn, fr: attribute.NameFr })}
                  description={pickBilingual(language, { en: attribute.DescriptionEn, fr: attribute.DescriptionFr }) || undefined}
                  required
                  autoComplete="off"
                  maxLength={ATTRIBUTE_VALUE_MAX_LENGTH}
                  value={attribute.Value}
                  onChange={(event) => onChange(report.Id, attribute.AttributeId, event.currentTarget.value)}
                  error={errorText(errors[key])}
                />
              );
            })}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}

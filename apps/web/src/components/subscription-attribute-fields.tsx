import { Fieldset, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ATTRIBUTE_VALUE_MAX_LENGTH, type ChosenReport } from '@portal/contract';
import { useCurrentLanguage } from '../i18n/use-current-language';
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
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <Stack gap="md">
      {reports.map((report) => (
        <Fieldset
          key={report.Id}
          legend={language === 'fr' ? report.TitleFr : report.TitleEn}
          styles={{ legend: { fontWeight: 600 } }}
          data-testid={`attributes-${report.Id}`}
        >
          <Stack gap="sm">
            {report.Attributes.map((attribute) => {
              const key = attributeFieldKey(report.Id, attribute.AttributeId);
              const error = errors[key];
              return (
                <TextInput
                  key={key}
                  label={language === 'fr' ? attribute.NameFr : attribute.NameEn}
                  description={(language === 'fr' ? attribute.DescriptionFr : attribute.DescriptionEn) || undefined}
                  required
                  autoComplete="off"
                  maxLength={ATTRIBUTE_VALUE_MAX_LENGTH}
                  value={attribute.Value}
                  onChange={(event) => onChange(report.Id, attribute.AttributeId, event.currentTarget.value)}
                  error={error ? t(error as never) : undefined}
                />
              );
            })}
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}

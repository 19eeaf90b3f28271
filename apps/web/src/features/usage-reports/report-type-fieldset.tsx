import { useId } from 'react';
import { Fieldset, Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { USAGE_REPORT_TYPES, type UsageReportType } from '@portal/contract';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { usageReportDefinitionsQuery } from './usage-report-queries';

interface ReportTypeFieldsetProps {
  value: UsageReportType;
  onChange: (type: UsageReportType) => void;
}

/**
 * The spreadsheet type as native radios in a fieldset: its legend names the group and the arrow
 * keys move between the choices. Titles come from the server, or from our own texts meanwhile.
 */
export function ReportTypeFieldset({ value, onChange }: ReportTypeFieldsetProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const { data: definitions } = useQuery(usageReportDefinitionsQuery(language));
  const name = useId();

  return (
    <Fieldset legend={t('usageReports.type')} data-testid="usage-report-type">
      <Stack gap="sm">
        {USAGE_REPORT_TYPES.map((type) => {
          const descriptionId = `${name}-${type}-description`;
          return (
            <Radio
              key={type}
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              label={definitions?.find((definition) => definition.Id === type)?.Title ?? t(`usageReports.types.${type}`)}
              description={<span id={descriptionId}>{t(`usageReports.typeDescriptions.${type}`)}</span>}
              aria-describedby={descriptionId}
            />
          );
        })}
      </Stack>
    </Fieldset>
  );
}

import { useEffect, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { USAGE_REPORT_MAX_CLIENTS } from '@portal/contract';
import { describeError } from '../../i18n/error-message';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { usageReportClientsQuery } from './usage-report-queries';

interface ReportClientFieldProps {
  value: string[];
  /** A translation key, shown once the person has left the field. */
  error: string | undefined;
  onChange: (clientIds: string[]) => void;
}

/** The clients of the spreadsheet, for a SUPER_USER only (spec section 6); at least one is required. */
export function ReportClientField({ value, error, onChange }: ReportClientFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const language = useCurrentLanguage();
  const clients = useQuery(usageReportClientsQuery(language));
  const [isTouched, setTouched] = useState(false);
  const options = (clients.data ?? []).map((client) => ({ value: String(client.Id), label: client.Name }));

  // With a single client there is nothing to choose: take it.
  const onlyClient = clients.data?.length === 1 ? String(clients.data[0]!.Id) : null;
  useEffect(() => {
    if (onlyClient && value.length === 0) onChange([onlyClient]);
  }, [onlyClient, value.length, onChange]);

  const loadError = clients.isError ? describeError(clients.error) : undefined;
  return (
    <MultiSelect
      label={t('usageReports.clients')}
      placeholder={value.length === 0 ? t('usageReports.clientsPlaceholder') : undefined}
      data={options}
      value={value}
      onChange={onChange}
      onBlur={() => setTouched(true)}
      maxValues={USAGE_REPORT_MAX_CLIENTS}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t('usageReports.noClientFound')}
      disabled={clients.isPending}
      required
      error={loadError ?? (isTouched ? errorText(error) : undefined)}
      clearButtonProps={{ 'aria-label': t('usageReports.clearClients') }}
      comboboxProps={{ withinPortal: true }}
      data-testid="usage-report-clients"
    />
  );
}

import { useCallback, useState, type FormEvent } from 'react';
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { EMAIL_MAX_LENGTH, NAME_RULE_MAX_LENGTH } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { useStoredUser } from '../../lib/stored-user';
import { useIsMobile } from '../../lib/use-is-mobile';
import { GenerationDialog } from './generation-dialog';
import { ReportClientField } from './report-client-field';
import { ReportRangeField } from './report-range-field';
import { ReportTypeFieldset } from './report-type-fieldset';
import { createInitialDraft, toGenerateRequest, validateDraft, type DraftField, type UsageReportDraft } from './usage-report-draft';
import { useUsageReportGeneration } from './use-usage-report-generation';

type TextFilter = Extract<DraftField, 'firstNameContains' | 'lastNameContains' | 'emailContains'>;

const TEXT_FILTERS: readonly { field: TextFilter; maxLength: number }[] = [
  { field: 'firstNameContains', maxLength: NAME_RULE_MAX_LENGTH },
  { field: 'lastNameContains', maxLength: NAME_RULE_MAX_LENGTH },
  { field: 'emailContains', maxLength: EMAIL_MAX_LENGTH },
];

/** Today in the browser's time zone, the zone the spreadsheet's days are counted in. */
function localToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/**
 * Reports (spec sections 2 and 5): choose a usage spreadsheet and its filters, then generate it
 * while a dialog waits, with Cancel, for the file.
 */
export function UsageReportsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const user = useStoredUser();
  const isMobile = useIsMobile();
  const [today] = useState(localToday);
  const [draft, setDraft] = useState<UsageReportDraft>(() => createInitialDraft(today));
  const generation = useUsageReportGeneration();
  // The route guard renders this page only for a user whose menus include reports.
  const isSuperUser = user?.role === 'SUPER_USER';
  const errors = validateDraft(draft, { isClientRequired: isSuperUser });
  const isValid = Object.keys(errors).length === 0;

  const update = useCallback(<K extends keyof UsageReportDraft>(field: K, value: UsageReportDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
  }, []);
  const setClientIds = useCallback((clientIds: string[]) => update('clientIds', clientIds), [update]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || generation.state.status === 'running') return;
    void generation.generate(toGenerateRequest(draft, new Date().getTimezoneOffset()));
  };

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} id="usage-reports-title">
          {t('usageReports.title')}
        </Title>
        <Text c="dimmed">{t('usageReports.intro')}</Text>
      </Stack>
      <form noValidate onSubmit={submit} aria-labelledby="usage-reports-title">
        <Stack gap="lg">
          <ReportTypeFieldset value={draft.type} onChange={(type) => update('type', type)} />
          <Fieldset legend={t('usageReports.filters')}>
            <Stack gap="md">
              {isSuperUser && <ReportClientField value={draft.clientIds} error={errors.clientIds} onChange={setClientIds} />}
              <ReportRangeField value={draft.range} maxDate={today} error={errors.range} onChange={(range) => update('range', range)} />
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                {TEXT_FILTERS.map(({ field, maxLength }) => (
                  <TextInput
                    key={field}
                    label={t(`usageReports.filter.${field}`)}
                    value={draft[field]}
                    onChange={(event) => update(field, event.currentTarget.value)}
                    maxLength={maxLength}
                    // Parts of other people's names, not the person's own details.
                    autoComplete="off"
                    error={errorText(errors[field])}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!isValid}
              loading={generation.state.status === 'running'}
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              fullWidth={isMobile}
            >
              {t('usageReports.generate')}
            </Button>
          </Group>
        </Stack>
      </form>
      <GenerationDialog state={generation.state} onCancel={generation.cancel} onDismiss={generation.dismiss} />
    </Stack>
  );
}

import { useState, type FormEvent } from 'react';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { AUDIT_ACTIONS, AUDIT_FILTER_TEXT_MAX_LENGTH, AUDIT_RANGE_MAX_DAYS, type AuditClient } from '@portal/contract';
import { DateRangeInput } from '../../components/date-range-input';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { checkAuditFilters, EMPTY_AUDIT_FILTERS, type AuditFilterDraft } from './audit-filters';
import { describeClient, useAuditTexts } from './audit-texts';

const EVERY = 'every';

interface AuditFilterFormProps {
  applied: AuditFilterDraft;
  /** Offered to super users only; internal staff read their own client's entries. */
  clients: AuditClient[] | null;
  isMobile: boolean;
  onApply: (filters: AuditFilterDraft) => void;
}

/** Who, what, which target, which client and when; applied together by Search. */
export function AuditFilterForm({ applied, clients, isMobile, onApply }: AuditFilterFormProps) {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  const errorText = useErrorText();
  const [draft, setDraft] = useState(applied);
  const [isChecked, setChecked] = useState(false);
  const problems = isChecked ? checkAuditFilters(draft) : {};
  const change = (fields: Partial<AuditFilterDraft>) => setDraft((current) => ({ ...current, ...fields }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(checkAuditFilters(draft)).length === 0) onApply(draft);
  };
  const clear = () => {
    setDraft(EMPTY_AUDIT_FILTERS);
    setChecked(false);
    onApply(EMPTY_AUDIT_FILTERS);
  };
  const actionOptions = AUDIT_ACTIONS.map((action) => ({ value: action, label: texts.actionName(action) })).sort((a, b) =>
    a.label.localeCompare(b.label, texts.language),
  );

  return (
    <form onSubmit={submit} aria-label={t('console.audit.filters')} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {clients && (
          <Select
            label={t('console.audit.client')}
            data={[
              { value: EVERY, label: t('console.audit.allClients') },
              ...clients.map((client) => ({ value: String(client.id), label: describeClient(client, texts.language) })),
            ]}
            value={draft.clientId ?? EVERY}
            onChange={(value) => change({ clientId: value === EVERY ? null : value })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Select
          label={t('console.audit.action')}
          data={[{ value: EVERY, label: t('console.audit.allActions') }, ...actionOptions]}
          value={draft.action ?? EVERY}
          onChange={(value) =>
            change({ action: value === EVERY || value === null ? null : (AUDIT_ACTIONS.find((action) => action === value) ?? null) })
          }
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('console.audit.actor')}
          description={t('console.audit.actorHint')}
          value={draft.actor}
          maxLength={AUDIT_FILTER_TEXT_MAX_LENGTH}
          onChange={(event) => change({ actor: event.currentTarget.value })}
          error={errorText(problems.actor)}
        />
        <TextInput
          label={t('console.audit.target')}
          description={t('console.audit.targetHint')}
          value={draft.target}
          maxLength={AUDIT_FILTER_TEXT_MAX_LENGTH}
          onChange={(event) => change({ target: event.currentTarget.value })}
          error={errorText(problems.target)}
        />
        <DateRangeInput
          label={t('console.audit.dates')}
          description={t('console.audit.datesHint', { days: AUDIT_RANGE_MAX_DAYS })}
          value={draft.range}
          onChange={(range) => change({ range: [range[0] ?? null, range[1] ?? null] })}
          clearable
          error={errorText(problems.range)}
          data-testid="audit-range"
        />
      </SimpleGrid>
      <Group gap="sm" mt="md" justify={isMobile ? 'stretch' : 'flex-start'}>
        <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />} fullWidth={isMobile}>
          {t('console.audit.search')}
        </Button>
        <Button variant="default" onClick={clear} leftSection={<IconFilterOff size={18} aria-hidden />} fullWidth={isMobile}>
          {t('console.audit.clear')}
        </Button>
      </Group>
    </form>
  );
}

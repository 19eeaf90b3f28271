import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DOCUMENT_TYPE_SORT_BY_DATE,
  DOCUMENT_TYPE_TITLE_MAX_LENGTH,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  type ConsoleDocumentType,
} from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { readFieldIssues } from '../../lib/field-issues';
import type { DocumentTypeChanges } from './document-types-queries';

interface TypeDraft {
  titleEn: string;
  titleFr: string;
  sortBy: string;
  sortDesc: boolean;
  keepForever: boolean;
  retentionDays: number | string;
  onboardingEnabled: boolean;
  requiresAcknowledgement: boolean;
  /** Empty: never. */
  paperAfterDays: number | string;
}

function draftOf(type: ConsoleDocumentType): TypeDraft {
  return {
    titleEn: type.titleEn,
    titleFr: type.titleFr,
    sortBy: type.sortBy,
    sortDesc: type.sortDesc,
    keepForever: type.retentionDays === null,
    retentionDays: type.retentionDays ?? 365,
    onboardingEnabled: type.onboardingEnabled,
    requiresAcknowledgement: type.requiresAcknowledgement,
    paperAfterDays: type.paperAfterDays ?? '',
  };
}

/** A type's titles, default sort, retention, onboarding and read acknowledgements. */
export function TypeSettingsForm({ type, changes }: { type: ConsoleDocumentType; changes: DocumentTypeChanges }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<TypeDraft>(() => draftOf(type));
  const save = changes.updateType;
  const issues = readFieldIssues(save.error, ['titleEn', 'titleFr', 'sortBy', 'retentionDays', 'paperAfterDays'] as const);
  const sortOptions = [
    { value: DOCUMENT_TYPE_SORT_BY_DATE, label: t('console.types.sortByDate') },
    ...type.attributes
      .filter((attribute) => attribute.showInColumn)
      .map((attribute) => ({
        value: attribute.name,
        label: pickBilingual(language, { en: attribute.displayNameEn, fr: attribute.displayNameFr }),
      })),
  ];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            titleEn: draft.titleEn,
            titleFr: draft.titleFr,
            sortBy: draft.sortBy,
            sortDesc: draft.sortDesc,
            retentionDays: draft.keepForever ? null : Number(draft.retentionDays),
            onboardingEnabled: draft.onboardingEnabled,
            requiresAcknowledgement: draft.requiresAcknowledgement,
            paperAfterDays: draft.paperAfterDays === '' ? null : Number(draft.paperAfterDays),
          },
          {
            onSuccess: (answer) => {
              setDraft(draftOf(answer.data));
              notifications.show({ color: 'green', message: t('console.types.typeSaved', { code: answer.data.code }) });
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('console.types.titleEn')}
            lang="en"
            required
            maxLength={DOCUMENT_TYPE_TITLE_MAX_LENGTH}
            value={draft.titleEn}
            onChange={(event) => setDraft({ ...draft, titleEn: event.currentTarget.value })}
            error={errorText(issues.titleEn)}
          />
          <TextInput
            label={t('console.types.titleFr')}
            lang="fr"
            required
            maxLength={DOCUMENT_TYPE_TITLE_MAX_LENGTH}
            value={draft.titleFr}
            onChange={(event) => setDraft({ ...draft, titleFr: event.currentTarget.value })}
            error={errorText(issues.titleFr)}
          />
          <Select
            label={t('console.types.sortBy')}
            allowDeselect={false}
            data={sortOptions}
            value={draft.sortBy}
            onChange={(value) => setDraft({ ...draft, sortBy: value ?? DOCUMENT_TYPE_SORT_BY_DATE })}
            error={errorText(issues.sortBy)}
          />
          <Select
            label={t('console.types.sortDirection')}
            allowDeselect={false}
            data={[
              { value: 'desc', label: t('console.types.descending') },
              { value: 'asc', label: t('console.types.ascending') },
            ]}
            value={draft.sortDesc ? 'desc' : 'asc'}
            onChange={(value) => setDraft({ ...draft, sortDesc: value !== 'asc' })}
          />
          <Stack gap="xs">
            <NumberInput
              label={t('console.types.retentionDays')}
              description={t('console.types.retentionHelp')}
              min={RETENTION_DAYS_MIN}
              max={RETENTION_DAYS_MAX}
              allowDecimal={false}
              allowNegative={false}
              disabled={draft.keepForever}
              value={draft.keepForever ? '' : draft.retentionDays}
              onChange={(value) => setDraft({ ...draft, retentionDays: value })}
              error={errorText(issues.retentionDays)}
            />
            <Checkbox
              label={t('console.types.keepForever')}
              checked={draft.keepForever}
              onChange={(event) => setDraft({ ...draft, keepForever: event.currentTarget.checked })}
            />
          </Stack>
          <Stack gap={4} justify="center">
            <Switch
              label={t('console.types.onboarding')}
              checked={draft.onboardingEnabled}
              onChange={(event) => setDraft({ ...draft, onboardingEnabled: event.currentTarget.checked })}
            />
            <Text size="sm" c="dimmed">
              {t('console.types.onboardingHelp')}
            </Text>
          </Stack>
          <NumberInput
            label={t('console.types.paperAfterDays')}
            description={t('console.types.paperAfterDaysHelp')}
            min={1}
            max={365}
            allowDecimal={false}
            value={draft.paperAfterDays}
            onChange={(value) => setDraft({ ...draft, paperAfterDays: value })}
            error={errorText(issues.paperAfterDays)}
          />
          <Stack gap={4} justify="center">
            <Switch
              label={t('console.types.acknowledgement')}
              checked={draft.requiresAcknowledgement}
              onChange={(event) => setDraft({ ...draft, requiresAcknowledgement: event.currentTarget.checked })}
            />
            <Text size="sm" c="dimmed">
              {t('console.types.acknowledgementHelp')}
            </Text>
          </Stack>
        </SimpleGrid>
        {save.isError && <ErrorAlert>{describeError(save.error)}</ErrorAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDraft(draftOf(type))}>
            {t('console.types.reset')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('console.types.saveType')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

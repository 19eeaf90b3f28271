import { useCallback, useId } from 'react';
import { Button, CloseButton, Fieldset, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { ATTRIBUTE_VALUE_MAX_LENGTH } from '@portal/contract';
import { DangerButton } from '../../../components/danger-button';
import type { TextKey } from '../../../i18n/text-keys';
import type { Translate } from '../../../i18n/translator';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { useTranslation } from '../../../i18n/use-translation';
import { toIntlLocale } from '../../../lib/format';
import { attributeName, isGroupIncomplete, unusedAttributes, type DraftGroup, type DraftReport } from './report-access-model';

interface CriteriaGroupProps {
  report: DraftReport;
  group: DraftGroup;
  /** 1-based, as people count. */
  number: number;
  reportTitle: string;
  /** Set after a first Confirm: incomplete groups then say so. */
  showErrors: boolean;
  /** The preview found no document with these values (a mistyped account number, say). */
  matchesNothing: boolean;
  onValue: (attributeId: number, value: string) => void;
  onAddAttribute: (attributeId: number) => void;
  onRemoveAttribute: (attributeId: number) => void;
  onDelete: () => void;
}

/**
 * A group in plain words: "Documents whose account number is NB-100200 and postal code is H2X 1Y4."
 * Only the values filled in count; nothing when there is none yet.
 */
function describeGroup(criteria: { name: string; value: string }[], language: string, t: Translate<TextKey>): string | null {
  const conditions = criteria
    .filter((criterion) => criterion.value !== '')
    // English runs the name into the sentence; French quotes it as it is (its gender is unknown).
    .map((criterion) =>
      t('userManagement.reportAccess.groupCondition', {
        attribute: asInSentence(criterion.name),
        name: criterion.name,
        value: criterion.value,
      }),
    );
  if (conditions.length === 0) return null;
  const list = new Intl.ListFormat(toIntlLocale(language), { type: 'conjunction' }).format(conditions);
  return t('userManagement.reportAccess.groupSentence', { conditions: list });
}

/** "Account number" inside a sentence: "account number"; an acronym ("SIN") stays as it is. */
function asInSentence(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLocaleLowerCase() + name.slice(1) : name;
}

/** One criteria group: a value per attribute, add an attribute (plus), remove one, delete the group. */
export function CriteriaGroup(props: CriteriaGroupProps) {
  const { report, group, number, reportTitle } = props;
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const legend = t('userManagement.reportAccess.group', { number });
  const unused = unusedAttributes(report, group);
  // The rule is told while the group is edited; after a Confirm it is an error on the empty fields.
  const isIncomplete = isGroupIncomplete(group);
  const isRefused = props.showErrors && isIncomplete;
  const names = new Map(report.attributes.map((attribute) => [attribute.Id, attributeName(attribute, language)]));
  const warningId = useId();
  const ruleId = useId();
  const describedBy = [props.matchesNothing && warningId, isIncomplete && ruleId].filter(Boolean).join(' ');
  // Mantine writes an input's aria-describedby from its own description and error only; the
  // group's warnings describe each of its inputs, so they are set on the element itself.
  const describeByWarnings = useCallback(
    (input: HTMLInputElement | null) => {
      if (!input) return;
      if (describedBy) input.setAttribute('aria-describedby', describedBy);
      else input.removeAttribute('aria-describedby');
    },
    [describedBy],
  );

  // A half-filled group gives nothing (the save refuses it, the preview leaves it out): it is not
  // described as if it gave its values' documents.
  const sentence = isIncomplete
    ? null
    : describeGroup(
        group.criteria.map((criterion) => ({ name: names.get(criterion.attributeId) ?? '', value: criterion.value.trim() })),
        language,
        t,
      );

  return (
    <Fieldset legend={legend} variant="filled" data-testid="criteria-group">
      <Stack gap="xs">
        {sentence && (
          <Text size="sm" data-testid="group-sentence">
            {sentence}
          </Text>
        )}
        {group.criteria.map((criterion) => {
          const name = names.get(criterion.attributeId) ?? String(criterion.attributeId);
          const isEmpty = criterion.value.trim() === '';
          return (
            <TextInput
              key={criterion.attributeId}
              ref={describeByWarnings}
              label={name}
              value={criterion.value}
              maxLength={ATTRIBUTE_VALUE_MAX_LENGTH}
              onChange={(event) => props.onValue(criterion.attributeId, event.currentTarget.value)}
              aria-invalid={isRefused && isEmpty ? true : undefined}
              rightSection={
                group.criteria.length > 1 ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('userManagement.reportAccess.removeAttribute', { attribute: name, number })}
                    onClick={() => props.onRemoveAttribute(criterion.attributeId)}
                  />
                ) : undefined
              }
            />
          );
        })}
        {props.matchesNothing && (
          <Group gap={6} wrap="nowrap" data-testid="group-matches-nothing">
            <IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-orange-8)" />
            <Text id={warningId} c="red.9" size="sm">
              {t('userManagement.reportAccess.groupMatchesNothing')}
            </Text>
          </Group>
        )}
        {isIncomplete && !isRefused && (
          <Group gap={6} wrap="nowrap" data-testid="group-incomplete">
            <IconInfoCircle size={18} aria-hidden />
            <Text id={ruleId} size="sm">
              {t('userManagement.reportAccess.groupIncompleteWhileEdited')}
            </Text>
          </Group>
        )}
        {isRefused && (
          <Text id={ruleId} c="red.8" size="sm" role="alert">
            {t('userManagement.reportAccess.groupIncomplete')}
          </Text>
        )}
        <Group gap="xs">
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={unused.length === 0}
                aria-label={t('userManagement.reportAccess.addAttributeTo', { number, title: reportTitle })}
              >
                {t('userManagement.reportAccess.addAttribute')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {unused.map((attribute) => (
                <Menu.Item key={attribute.Id} onClick={() => props.onAddAttribute(attribute.Id)}>
                  {attributeName(attribute, language)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <DangerButton
            variant="subtle"
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={props.onDelete}
            aria-label={t('userManagement.reportAccess.deleteGroupOf', { number, title: reportTitle })}
          >
            {t('userManagement.reportAccess.deleteGroup')}
          </DangerButton>
        </Group>
      </Stack>
    </Fieldset>
  );
}

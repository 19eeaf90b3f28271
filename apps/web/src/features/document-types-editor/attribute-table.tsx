import { ActionIcon, Button, Group, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ConsoleAttribute, ConsoleDocumentType } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { attributeSettingsOf, movedAttributeIds, type DocumentTypeChanges } from './document-types-queries';

type Flag = 'showInColumn' | 'isSearchable' | 'identifiesOwner';
const FLAGS: Flag[] = ['showInColumn', 'isSearchable', 'identifiesOwner'];

/** A type's attributes in their order: columns, search and owner switches saved at once, names and sorting in a dialog. */
export function AttributeTable(props: {
  type: ConsoleDocumentType;
  changes: DocumentTypeChanges;
  onEdit(attribute: ConsoleAttribute): void;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const { type, changes, onEdit } = props;
  const isBusy = changes.updateAttribute.isPending || changes.reorder.isPending;
  const failure = changes.updateAttribute.error ?? changes.reorder.error;
  const nameOf = (attribute: ConsoleAttribute) => pickBilingual(language, { en: attribute.displayNameEn, fr: attribute.displayNameFr });
  const toggle = (attribute: ConsoleAttribute, flag: Flag, value: boolean) => {
    changes.reorder.reset();
    changes.updateAttribute.mutate({ attributeId: attribute.id, body: { ...attributeSettingsOf(attribute), [flag]: value } });
  };
  const move = (attribute: ConsoleAttribute, step: -1 | 1) => {
    changes.updateAttribute.reset();
    changes.reorder.mutate(movedAttributeIds(type, attribute.id, step));
  };

  return (
    <>
      {failure && <ErrorAlert>{describeError(failure)}</ErrorAlert>}
      <Table.ScrollContainer minWidth={820}>
        <Table
          striped
          verticalSpacing="xs"
          aria-label={t('console.types.attributesOf', { title: pickBilingual(language, { en: type.titleEn, fr: type.titleFr }) })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('console.types.order')}</Table.Th>
              <Table.Th scope="col">{t('console.types.attribute')}</Table.Th>
              {FLAGS.map((flag) => (
                <Table.Th scope="col" key={flag}>
                  {t(`console.types.flags.${flag}`)}
                </Table.Th>
              ))}
              <Table.Th scope="col">{t('console.types.ordering')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('console.types.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {type.attributes.map((attribute, index) => (
              <Table.Tr key={attribute.id} data-attribute={attribute.name}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('console.types.moveUp', { name: nameOf(attribute) })}
                      disabled={index === 0 || isBusy}
                      onClick={() => move(attribute, -1)}
                    >
                      <IconArrowUp size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('console.types.moveDown', { name: nameOf(attribute) })}
                      disabled={index === type.attributes.length - 1 || isBusy}
                      onClick={() => move(attribute, 1)}
                    >
                      <IconArrowDown size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
                <Table.Th scope="row" fw="normal">
                  <Text size="sm" fw={600}>
                    {nameOf(attribute)}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {attribute.name}
                  </Text>
                </Table.Th>
                {FLAGS.map((flag) => (
                  <Table.Td key={flag}>
                    <Switch
                      aria-label={t(`console.types.flagOf.${flag}`, { name: nameOf(attribute) })}
                      checked={attribute[flag]}
                      disabled={isBusy}
                      onChange={(event) => toggle(attribute, flag, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Text size="sm">{t(`console.types.orderings.${attribute.ordering}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onEdit(attribute)}
                    aria-label={t('console.types.editAttribute', { name: nameOf(attribute) })}
                  >
                    {t('console.types.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

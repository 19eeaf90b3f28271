import { useEffect, useRef, useState } from 'react';
import { Button, Card, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ConsoleAttribute, ConsoleDocumentType } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { consoleClientsQuery } from '../../lib/console-clients-query';
import { useIsMobile } from '../../lib/use-is-mobile';
import { AttributeDialog } from './attribute-dialog';
import { AttributeTable } from './attribute-table';
import { documentTypesQuery, useDocumentTypeChanges } from './document-types-queries';
import { TypeSettingsForm } from './type-settings-form';
import { TypeThumbnail } from './type-thumbnail';

function TypeCard({ type, isSelected, onEdit }: { type: ConsoleDocumentType; isSelected: boolean; onEdit(): void }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const title = pickBilingual(language, { en: type.titleEn, fr: type.titleFr });
  return (
    <Card withBorder padding="md" data-type={type.code} aria-current={isSelected ? 'true' : undefined}>
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" ff="monospace">
            {type.code}
          </Text>
          <Text size="sm">
            {t('console.types.attributeCount', { count: type.attributes.length })} ·{' '}
            {type.retentionDays === null ? t('console.types.keptForever') : t('console.types.keptDays', { count: type.retentionDays })}
          </Text>
        </Stack>
        <Button variant={isSelected ? 'filled' : 'light'} onClick={onEdit} aria-label={t('console.types.editType', { title })}>
          {t('console.types.edit')}
        </Button>
      </Stack>
    </Card>
  );
}

function TypeEditor({ type }: { type: ConsoleDocumentType }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const changes = useDocumentTypeChanges(type);
  const [editing, setEditing] = useState<ConsoleAttribute | null>(null);
  const title = pickBilingual(language, { en: type.titleEn, fr: type.titleFr });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="type-editor-title">
      <Stack gap="lg">
        <Title order={2} size="h3" id="type-editor-title" tabIndex={-1}>
          {t('console.types.editorTitle', { title })}
        </Title>
        <TypeSettingsForm key={type.id} type={type} changes={changes} />
        <TypeThumbnail type={type} />
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('console.types.attributes')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('console.types.attributesHelp')}
          </Text>
          <AttributeTable type={type} changes={changes} onEdit={setEditing} />
        </Stack>
      </Stack>
      <AttributeDialog
        attribute={editing && (type.attributes.find((attribute) => attribute.id === editing.id) ?? null)}
        changes={changes}
        onClose={() => {
          changes.updateAttribute.reset();
          setEditing(null);
        }}
      />
    </Paper>
  );
}

/** The tenant console's document types: titles, default sort, retention and onboarding, and each type's attributes. */
export function DocumentTypesPage() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const clients = useQuery(consoleClientsQuery());
  const [clientChoice, setClientChoice] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<number | null>(null);
  const client = clients.data?.find((candidate) => String(candidate.id) === clientChoice) ?? clients.data?.[0];
  const types = useQuery(documentTypesQuery(client?.id));
  const selected = types.data?.find((type) => type.id === typeId);
  const editorRef = useRef<HTMLDivElement>(null);
  useEffect(() => setTypeId(null), [clientChoice]);
  useEffect(() => {
    if (typeId !== null) editorRef.current?.querySelector<HTMLElement>('#type-editor-title')?.focus();
  }, [typeId]);

  if (clients.isPending) return <LoadingIndicator />;
  if (clients.isError) return <ErrorAlert>{describeError(clients.error)}</ErrorAlert>;
  return (
    <Stack gap="lg">
      <Text c="dimmed" maw={720}>
        {t('console.types.intro')}
      </Text>
      {clients.data.length > 1 && (
        <Select
          label={t('console.client')}
          w={isMobile ? '100%' : 280}
          allowDeselect={false}
          value={client ? String(client.id) : null}
          onChange={setClientChoice}
          data={clients.data.map((option) => ({
            value: String(option.id),
            label: pickBilingual(language, { en: option.nameEn, fr: option.nameFr }),
          }))}
        />
      )}
      {types.isPending && client && <LoadingIndicator label={t('console.types.loading')} />}
      {types.isError && <ErrorAlert>{describeError(types.error)}</ErrorAlert>}
      {types.data && types.data.length === 0 && <Text>{t('console.types.none')}</Text>}
      {types.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {types.data.map((type) => (
            <TypeCard key={type.id} type={type} isSelected={type.id === typeId} onEdit={() => setTypeId(type.id)} />
          ))}
        </SimpleGrid>
      )}
      <div ref={editorRef}>{selected && <TypeEditor key={selected.id} type={selected} />}</div>
    </Stack>
  );
}

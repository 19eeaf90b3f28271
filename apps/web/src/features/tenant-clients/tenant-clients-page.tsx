import { useEffect, useState } from 'react';
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consoleTenantsEndpoints,
  CONSOLE_TENANT_ERROR_KEYS,
  CUSTOMER_VIEW_DOCUMENTS,
  ROLE_CODES,
  type ConsoleClient,
  type IncompleteText,
} from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { CONSOLE_QUERY_ROOT, consoleClientsQuery } from '../../lib/console-clients-query';
import { readFieldIssues } from '../../lib/field-issues';
import { useErrorText } from '../../lib/error-text';
import { clientFormValues, toUpdateClientBody, type ClientFormValues } from './client-form';
import { CompletenessPanel, IncompleteTextList } from './completeness-panel';

const NAME_FIELDS = ['nameEn', 'nameFr'] as const;

/** The texts a refused onboarding names (the server lists them beside its error key). */
function incompleteTextsOf(error: unknown): IncompleteText[] {
  if (!isApiError(error) || error.key !== CONSOLE_TENANT_ERROR_KEYS.textsIncomplete) return [];
  return ((error.body as { incomplete?: IncompleteText[] } | undefined)?.incomplete ?? []).map((text) => ({ ...text, en: '', fr: '' }));
}

function ClientSettingsForm({ client }: { client: ConsoleClient }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const form = useForm<ClientFormValues>({ mode: 'controlled', initialValues: clientFormValues(client) });
  const save = useMutation({
    mutationFn: (values: ClientFormValues) =>
      callApi(consoleTenantsEndpoints.updateConsoleClient, { params: { clientId: client.id }, body: toUpdateClientBody(values) }),
    onSuccess: async (answer) => {
      form.setValues(clientFormValues(answer.data));
      form.resetDirty();
      notifications.show({ color: 'green', message: t('console.clients.saved') });
      await queryClient.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT });
    },
    onError: (error) => form.setErrors(readFieldIssues(error, NAME_FIELDS)),
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(clientFormValues(client));
    resetDirty();
    // A client chosen again starts from what the server holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client.id]);
  const blocking = incompleteTextsOf(save.error);

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('console.clients.nameEn')}
            lang="en"
            required
            {...form.getInputProps('nameEn')}
            error={errorText(form.errors.nameEn)}
          />
          <TextInput
            label={t('console.clients.nameFr')}
            lang="fr"
            required
            {...form.getInputProps('nameFr')}
            error={errorText(form.errors.nameFr)}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Switch label={t('console.clients.onboarding')} {...form.getInputProps('onboardingEnabled', { type: 'checkbox' })} />
          <Switch label={t('console.clients.blockDuplicates')} {...form.getInputProps('blockDuplicates', { type: 'checkbox' })} />
          <Switch label={t('console.clients.smsAllowed')} {...form.getInputProps('smsAllowed', { type: 'checkbox' })} />
          <Switch
            label={t('console.clients.trustedDevicesAllowed')}
            {...form.getInputProps('trustedDevicesAllowed', { type: 'checkbox' })}
          />
        </Stack>
        <Select
          label={t('console.clients.customerViewDocuments')}
          description={t('console.clients.customerViewDocumentsHelp')}
          data={CUSTOMER_VIEW_DOCUMENTS.map((value) => ({ value, label: t(`console.clients.customerViewDocumentsOptions.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps('customerViewDocuments')}
        />
        <Fieldset legend={t('console.clients.roleNames')}>
          <Text size="sm" c="dimmed" mb="xs">
            {t('console.clients.roleNamesHelp')}
          </Text>
          <Table.ScrollContainer minWidth={480} type="native">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('console.clients.role')}</Table.Th>
                  <Table.Th>{t('console.clients.inEnglish')}</Table.Th>
                  <Table.Th>{t('console.clients.inFrench')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROLE_CODES.map((role) => (
                  <Table.Tr key={role}>
                    <Table.Td>{t(`console.roles.${role}`)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('console.clients.roleNameIn', {
                          role: t(`console.roles.${role}`),
                          language: t('console.clients.inEnglish'),
                        })}
                        lang="en"
                        {...form.getInputProps(`roleNames.${role}.nameEn`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('console.clients.roleNameIn', {
                          role: t(`console.roles.${role}`),
                          language: t('console.clients.inFrench'),
                        })}
                        lang="fr"
                        {...form.getInputProps(`roleNames.${role}.nameFr`)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Fieldset>
        {save.isError && (
          <ErrorAlert>
            <Stack gap="xs">
              <Text size="sm">{describeError(save.error)}</Text>
              {blocking.length > 0 && <IncompleteTextList texts={blocking} />}
            </Stack>
          </ErrorAlert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('console.clients.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The console's clients: settings, role names, and the bilingual completeness of the client's texts. */
export function TenantClientsPage() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const clients = useQuery(consoleClientsQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  if (clients.isPending) return <LoadingIndicator />;
  if (clients.isError) return <ErrorAlert>{describeError(clients.error)}</ErrorAlert>;
  const client = clients.data.find((candidate) => String(candidate.id) === chosen) ?? clients.data[0];
  if (!client) return null;
  return (
    <Stack gap="lg">
      {clients.data.length > 1 && (
        <Select
          label={t('console.client')}
          maw={360}
          allowDeselect={false}
          value={String(client.id)}
          onChange={setChosen}
          data={clients.data.map((option) => ({
            value: String(option.id),
            label: pickBilingual(language, { en: option.nameEn, fr: option.nameFr }),
          }))}
        />
      )}
      <ClientSettingsForm key={client.id} client={client} />
      <CompletenessPanel clientId={client.id} />
    </Stack>
  );
}

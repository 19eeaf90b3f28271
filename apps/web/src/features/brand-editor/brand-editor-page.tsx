import { useEffect, useMemo, useState } from 'react';
import { Button, ColorInput, Fieldset, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleTenantsEndpoints, CONSOLE_TENANT_ERROR_KEYS, type BrandColorName, type ConsoleBrand } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { callApi } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { CONSOLE_QUERY_ROOT, consoleClientsQuery } from '../../lib/console-clients-query';
import { translateKey, useErrorText } from '../../lib/error-text';
import { readFieldIssues } from '../../lib/field-issues';
import { publicQueryKeys } from '../../lib/public-query-keys';
import { useIsMobile } from '../../lib/use-is-mobile';
import { COLOR_GROUPS, draftContrast, draftOf, invalidColors, normalisedColors, type BrandDraft } from './brand-draft';
import { BrandImages } from './brand-images';
import { BrandPreview } from './brand-preview';
import { ContrastPanel } from './contrast-panel';

const brandQueryKey = (experienceId: number) => [...CONSOLE_QUERY_ROOT, 'brand', experienceId] as const;

/** The pairs a refused save names (the server lists them beside its error key). */
function refusedPairs(error: unknown): { id: string; ratio: number; minimum: number }[] {
  if (!isApiError(error) || error.key !== CONSOLE_TENANT_ERROR_KEYS.contrastFailing) return [];
  return (error.body as { failing?: { id: string; ratio: number; minimum: number }[] } | undefined)?.failing ?? [];
}

function BrandForm({ brand }: { brand: ConsoleBrand }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<BrandDraft>(() => draftOf(brand));
  const isMobile = useIsMobile();
  // A desktop-wide preview would not fit a phone's screen.
  const [width, setWidth] = useState<'desktop' | 'phone'>(isMobile ? 'phone' : 'desktop');
  const report = useMemo(() => draftContrast(draft), [draft]);
  const failing = useMemo(() => new Set(report?.failing.map((pair) => pair.id) ?? []), [report]);
  const wrongColors = invalidColors(draft);
  const save = useMutation({
    mutationFn: (saved: BrandDraft) =>
      callApi(consoleTenantsEndpoints.updateConsoleBrand, {
        params: { experienceId: brand.id },
        body: { nameEn: saved.nameEn, nameFr: saved.nameFr, appTitle: saved.appTitle || null, colors: normalisedColors(saved) },
      }),
    onSuccess: async (answer) => {
      setDraft(draftOf(answer.data));
      notifications.show({ color: 'green', message: t('console.brands.saved', { name: answer.data.code }) });
      // The portal's own brand may be this one: every branding query reads it again.
      await queryClient.invalidateQueries({ queryKey: CONSOLE_QUERY_ROOT });
      await queryClient.invalidateQueries({ queryKey: publicQueryKeys.branding(undefined).slice(0, 1) });
    },
  });
  const nameIssues = readFieldIssues(save.error, ['nameEn', 'nameFr', 'appTitle'] as const);
  const setColor = (name: BrandColorName, value: string) =>
    setDraft((current) => ({ ...current, colors: { ...current.colors, [name]: value } }));
  const pairsRefused = refusedPairs(save.error);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (wrongColors.length === 0) save.mutate(draft);
      }}
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('console.brands.nameEn')}
            lang="en"
            required
            value={draft.nameEn}
            onChange={(event) => setDraft({ ...draft, nameEn: event.currentTarget.value })}
            error={errorText(nameIssues.nameEn)}
          />
          <TextInput
            label={t('console.brands.nameFr')}
            lang="fr"
            required
            value={draft.nameFr}
            onChange={(event) => setDraft({ ...draft, nameFr: event.currentTarget.value })}
            error={errorText(nameIssues.nameFr)}
          />
          <TextInput
            label={t('console.brands.appTitle')}
            description={t('console.brands.appTitleHelp')}
            value={draft.appTitle}
            onChange={(event) => setDraft({ ...draft, appTitle: event.currentTarget.value })}
            error={errorText(nameIssues.appTitle)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="md">
            {COLOR_GROUPS.map((group) => (
              <Fieldset key={group.key} legend={t(`console.brands.groups.${group.key}`)}>
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  {group.colors.map((name) => (
                    <ColorInput
                      key={name}
                      label={t(`console.brands.colors.${name}`)}
                      format="hex"
                      value={draft.colors[name]}
                      onChange={(value) => setColor(name, value)}
                      error={wrongColors.includes(name) ? t('validation.consoleColorInvalid') : undefined}
                      withEyeDropper={false}
                      data-color={name}
                    />
                  ))}
                </SimpleGrid>
              </Fieldset>
            ))}
          </Stack>
          <ContrastPanel report={report} onUseShade={setColor} />
        </SimpleGrid>
        <BrandImages brand={brand} />
        <Stack gap="sm" component="section" aria-labelledby="preview-title">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3" id="preview-title">
              {t('console.brands.previewTitle')}
            </Title>
            <SegmentedControl
              aria-label={t('console.brands.previewWidth')}
              value={width}
              onChange={(value) => setWidth(value as 'desktop' | 'phone')}
              data={[
                { value: 'desktop', label: t('console.brands.desktop') },
                { value: 'phone', label: t('console.brands.phone') },
              ]}
            />
          </Group>
          <Text size="sm" c="dimmed">
            {t('console.brands.previewHelp')}
          </Text>
          {wrongColors.length === 0 && (
            <Group align="flex-start" gap="lg" wrap="wrap">
              <BrandPreview colors={normalisedColors(draft)} language="en" width={width} brandName={draft.nameEn} failing={failing} />
              <BrandPreview colors={normalisedColors(draft)} language="fr" width={width} brandName={draft.nameFr} failing={failing} />
            </Group>
          )}
        </Stack>
        {save.isError && (
          <ErrorAlert>
            <Stack gap={4}>
              <Text size="sm">{describeError(save.error)}</Text>
              {pairsRefused.map((pair) => (
                <Text size="sm" key={pair.id}>
                  {t('console.brands.refusedPair', {
                    pair: translateKey(`console.brands.pairs.${pair.id}`),
                    ratio: pair.ratio,
                    minimum: pair.minimum,
                  })}
                </Text>
              ))}
            </Stack>
          </ErrorAlert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDraft(draftOf(brand))}>
            {t('console.brands.reset')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={wrongColors.length > 0}>
            {t('console.brands.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The brand editor: an experience's names, title and colours, with a live preview and the contrast gate. */
export function BrandEditorPage() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const clients = useQuery(consoleClientsQuery());
  const [clientChoice, setClientChoice] = useState<string | null>(null);
  const [experienceChoice, setExperienceChoice] = useState<string | null>(null);
  const client = clients.data?.find((candidate) => String(candidate.id) === clientChoice) ?? clients.data?.[0];
  const experience = client?.experiences.find((candidate) => String(candidate.id) === experienceChoice) ?? client?.experiences[0];
  const brand = useQuery({
    queryKey: brandQueryKey(experience?.id ?? 0),
    queryFn: ({ signal }) => callApi(consoleTenantsEndpoints.getConsoleBrand, { params: { experienceId: experience!.id }, signal }),
    select: (answer) => answer.data,
    enabled: experience !== undefined,
  });
  useEffect(() => setExperienceChoice(null), [clientChoice]);

  if (clients.isPending) return <LoadingIndicator />;
  if (clients.isError) return <ErrorAlert>{describeError(clients.error)}</ErrorAlert>;
  return (
    <Stack gap="lg">
      <Group gap="md" align="flex-end" wrap="wrap">
        {clients.data.length > 1 && (
          <Select
            label={t('console.client')}
            w={280}
            allowDeselect={false}
            value={client ? String(client.id) : null}
            onChange={setClientChoice}
            data={clients.data.map((option) => ({
              value: String(option.id),
              label: pickBilingual(language, { en: option.nameEn, fr: option.nameFr }),
            }))}
          />
        )}
        <Select
          label={t('console.brands.experience')}
          w={280}
          allowDeselect={false}
          value={experience ? String(experience.id) : null}
          onChange={setExperienceChoice}
          data={(client?.experiences ?? []).map((option) => ({
            value: String(option.id),
            label: `${option.code} · ${pickBilingual(language, { en: option.nameEn, fr: option.nameFr })}`,
          }))}
        />
      </Group>
      {brand.isPending && experience && <LoadingIndicator />}
      {brand.isError && <ErrorAlert>{describeError(brand.error)}</ErrorAlert>}
      {brand.data && <BrandForm key={brand.data.id} brand={brand.data} />}
    </Stack>
  );
}

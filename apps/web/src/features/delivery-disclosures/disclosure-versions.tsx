import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { FactList } from '../../components/fact-list';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoment } from '../../lib/format';
import { disclosuresQuery } from './disclosure-queries';

/** Every version published, the one in force first, each with the hash its consents keep. */
export function DisclosureVersions({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const versions = useQuery(disclosuresQuery(clientId));
  return (
    <Stack gap="sm">
      <Title order={3}>{t('console.disclosures.versions')}</Title>
      {versions.error && <ErrorAlert>{describeError(versions.error)}</ErrorAlert>}
      {versions.data?.length === 0 && <Text role="status">{t('console.disclosures.none')}</Text>}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('console.disclosures.versions')}>
        {(versions.data ?? []).map((disclosure, index) => (
          <Card key={disclosure.version} component="li" withBorder padding="sm" data-testid="disclosure-version">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text fw={600}>{t('console.disclosures.version', { version: String(disclosure.version) })}</Text>
              {index === 0 && (
                <Badge color="teal.9" variant="filled">
                  {t('console.disclosures.inForce')}
                </Badge>
              )}
            </Group>
            <FactList
              labelWidth={130}
              facts={[
                [t('console.disclosures.published'), formatMoment(disclosure.publishedAt, language)],
                [
                  t('console.disclosures.types'),
                  disclosure.types.map((type) => pickBilingual(language, { en: type.titleEn, fr: type.titleFr })).join(', '),
                ],
                [t('console.disclosures.hash'), disclosure.contentHash],
              ]}
            />
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

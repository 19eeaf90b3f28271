import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import type { LegalHold, LegalHoldClientOption } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { FactList } from '../../components/fact-list';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoment } from '../../lib/format';
import { describeSubject } from './legal-hold-descriptions';

interface LegalHoldListProps {
  holds: LegalHold[];
  clients: LegalHoldClientOption[];
  /** Shown when the list spans several clients. */
  showsClient: boolean;
  onRelease: (hold: LegalHold, subject: string) => void;
}

/** The holds, those in force first: one card each, on a phone as on a wide screen (holds are few, and their reasons long). */
export function LegalHoldList({ holds, clients, showsClient, onRelease }: LegalHoldListProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  if (holds.length === 0) return <Text role="status">{t('legalHolds.none')}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('legalHolds.listLabel')}>
      {holds.map((hold) => {
        const subject = describeSubject(
          hold,
          clients.find((client) => client.id === hold.clientId),
          language,
          t,
        );
        const placed = hold.placedBy
          ? t('legalHolds.by', { date: formatMoment(hold.placedAt, language), name: hold.placedBy })
          : formatMoment(hold.placedAt, language);
        const facts: [string, string][] = [
          ...(showsClient ? [[t('legalHolds.facts.client'), hold.clientCode] as [string, string]] : []),
          [t('legalHolds.facts.reason'), hold.reason],
          [t('legalHolds.facts.placed'), placed],
        ];
        if (hold.releasedAt) {
          facts.push([
            t('legalHolds.facts.released'),
            hold.releasedBy
              ? t('legalHolds.by', { date: formatMoment(hold.releasedAt, language), name: hold.releasedBy })
              : formatMoment(hold.releasedAt, language),
          ]);
          facts.push([t('legalHolds.facts.releaseReason'), hold.releaseReason ?? '']);
        }
        return (
          <Card key={hold.id} component="li" withBorder padding="md" data-testid="legal-hold-card">
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {subject}
                </Text>
                <Badge color={hold.releasedAt ? 'gray.7' : 'teal.9'} variant="filled" style={{ flexShrink: 0 }}>
                  {hold.releasedAt ? t('legalHolds.released') : t('legalHolds.inForce')}
                </Badge>
              </Group>
              <FactList facts={facts} labelWidth={130} />
              {!hold.releasedAt && (
                <Group justify="flex-end">
                  <DangerButton
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconLockOpen size={16} aria-hidden />}
                    aria-label={t('legalHolds.releaseLabel', { subject })}
                    onClick={() => onRelease(hold, subject)}
                  >
                    {t('legalHolds.releaseAction')}
                  </DangerButton>
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

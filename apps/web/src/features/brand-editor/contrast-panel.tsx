import { Button, ColorSwatch, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { BrandColorName, ContrastReport } from '@portal/contract';
import { useTranslation } from '../../i18n/use-translation';
import { translateKey } from '../../lib/error-text';
import { ScrollingTable } from '../../components/scrolling-table';

interface ContrastPanelProps {
  report: ContrastReport | null;
  onUseShade: (color: BrandColorName, shade: string) => void;
}

const ratio = (value: number) => `${(Math.floor(value * 100) / 100).toFixed(2)}:1`;

/**
 * Every colour pair of the draft against WCAG 2.2 AA, failing ones first, and for each colour
 * that fixes a failing pair the nearest shade that passes, one click away.
 */
export function ContrastPanel({ report, onUseShade }: ContrastPanelProps) {
  const { t } = useTranslation();
  if (!report) {
    return <Text c="dimmed">{t('console.brands.contrastWaiting')}</Text>;
  }
  const pairs = [...report.pairs].sort((a, b) => Number(a.passes) - Number(b.passes));
  return (
    <Stack gap="sm" component="section" aria-labelledby="contrast-title">
      <Group gap="sm">
        <Title order={2} size="h3" id="contrast-title">
          {t('console.brands.contrastTitle')}
        </Title>
        <Group gap={4} role="status">
          {report.passes ? (
            <IconCheck size={18} aria-hidden color="var(--mantine-color-green-9)" />
          ) : (
            <IconX size={18} aria-hidden color="var(--mantine-color-red-9)" />
          )}
          <Text fw={700}>
            {report.passes ? t('console.brands.contrastPasses') : t('console.brands.contrastFails', { count: report.failing.length })}
          </Text>
        </Group>
      </Group>
      {report.suggestions.length > 0 && (
        <Stack gap="xs">
          {report.suggestions.map((suggestion) => (
            <Group key={suggestion.color} gap="sm" wrap="wrap">
              <Text size="sm">{t('console.brands.suggestion', { color: t(`console.brands.colors.${suggestion.color}`) })}</Text>
              <Group gap={6}>
                <ColorSwatch color={suggestion.current} size={18} aria-hidden />
                <Text size="sm" ff="monospace">
                  {suggestion.current}
                </Text>
                <Text size="sm" aria-hidden>
                  →
                </Text>
                <ColorSwatch color={suggestion.suggested} size={18} aria-hidden />
                <Text size="sm" ff="monospace">
                  {suggestion.suggested}
                </Text>
              </Group>
              <Button size="xs" variant="light" onClick={() => onUseShade(suggestion.color, suggestion.suggested)}>
                {t('console.brands.useShade', { shade: suggestion.suggested, color: t(`console.brands.colors.${suggestion.color}`) })}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {/* Sideways in its own frame on a narrow screen; focusable, as nothing inside it takes the focus. */}
      <ScrollingTable minWidth={400} label={t('console.brands.contrastPairs')}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.brands.pair')}</Table.Th>
              <Table.Th>{t('console.brands.ratio')}</Table.Th>
              <Table.Th>{t('console.brands.minimum')}</Table.Th>
              <Table.Th>{t('console.brands.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pairs.map((pair) => (
              <Table.Tr key={pair.id} data-pair={pair.id}>
                <Table.Td>{translateKey(`console.brands.pairs.${pair.id}`)}</Table.Td>
                <Table.Td ff="monospace">{ratio(pair.ratio)}</Table.Td>
                <Table.Td ff="monospace">{pair.minimum}:1</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {pair.passes ? (
                      <IconCheck size={16} aria-hidden color="var(--mantine-color-green-9)" />
                    ) : (
                      <IconX size={16} aria-hidden color="var(--mantine-color-red-9)" />
                    )}
                    <Text size="sm" fw={600}>
                      {pair.passes ? t('console.brands.passes') : t('console.brands.fails')}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
    </Stack>
  );
}

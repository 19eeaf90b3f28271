import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Locale } from '@portal/contract';
import { DangerButton } from '../../components/danger-button';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';
import { MoveButtons } from './move-buttons';

interface EntryCardProps {
  /** The entry's name in the reader's language, and in the other one beneath it. */
  name: string;
  otherName: string;
  otherLanguage: Locale;
  /** Shown under the names (a document's files). */
  details?: ReactNode;
  index: number;
  total: number;
  isMoving: boolean;
  onMove: (step: -1 | 1) => void;
  buttonRef: (step: -1 | 1, element: HTMLButtonElement | null) => void;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  testId: string;
}

/** One FAQ question or repository document of the editor's ordered list: its names, moves, edit and delete. */
export function EntryCard(props: EntryCardProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid={props.testId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Text fw={600}>{props.name}</Text>
          <Text size="sm" c="dimmed" lang={props.otherLanguage}>
            {props.otherName}
          </Text>
          {props.details}
        </Stack>
        <Group gap="xs" justify={isMobile ? 'space-between' : 'flex-end'}>
          <MoveButtons
            name={props.name}
            index={props.index}
            total={props.total}
            disabled={props.isMoving}
            onMove={props.onMove}
            buttonRef={props.buttonRef}
          />
          <Group gap="xs">
            <Button variant="default" aria-label={props.editLabel} onClick={props.onEdit}>
              {t('console.help.edit')}
            </Button>
            <DangerButton variant="subtle" aria-label={props.deleteLabel} onClick={props.onDelete}>
              {t('console.help.delete')}
            </DangerButton>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

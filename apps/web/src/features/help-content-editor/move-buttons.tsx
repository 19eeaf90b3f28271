import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';

interface MoveButtonsProps {
  name: string;
  index: number;
  total: number;
  disabled: boolean;
  onMove: (step: -1 | 1) => void;
  /** Lets the list put the focus back on a button once the entry has moved. */
  buttonRef: (step: -1 | 1, element: HTMLButtonElement | null) => void;
}

/** Up and down, one place at a time: buttons, so a keyboard moves entries as a mouse does. */
export function MoveButtons({ name, index, total, disabled, onMove, buttonRef }: MoveButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        ref={(element) => buttonRef(-1, element)}
        variant="default"
        size="lg"
        aria-label={t('console.help.moveUp', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        ref={(element) => buttonRef(1, element)}
        variant="default"
        size="lg"
        aria-label={t('console.help.moveDown', { name })}
        disabled={disabled || index === total - 1}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
